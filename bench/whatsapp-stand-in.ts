// The Cloud API stand-in of bench/whatsapp.ts, in a process of its own as Meta is: the shop's event loop, busy with
// the embedded database, must not also be the one answering its requests. Tells its parent its address, then each
// accepted message's reference and the time it was accepted (performance.timeOrigin + now, comparable across processes).
import { startFakeWhatsApp } from '../tests/support/fake-whatsapp.ts';

const fake = await startFakeWhatsApp({ phoneNumberId: process.env.PHONE_NUMBER_ID!, accessToken: process.env.ACCESS_TOKEN! });
let reported = 0;
setInterval(() => {
  const fresh = fake.accepted.slice(reported);
  reported += fresh.length;
  if (fresh.length) process.send!({ accepted: fresh.map((message) => ({ reference: message.reference, at: performance.timeOrigin + message.at })), requests: fake.requests.length });
}, 20);
process.send!({ url: fake.url });
