// The Cloud API stand-in of bench/whatsapp.ts, in a process of its own as Meta is: the shop's event loop, busy with
// the embedded database, must not also be the one answering its requests. Posts each accepted message's status
// webhooks (sent, delivered, read), signed, to WEBHOOK_URL. Tells its parent its address, then each accepted
// message's reference and the time it was accepted (performance.timeOrigin + now, comparable across processes).
import { startFakeWhatsApp, webhookUrlTarget } from '../tests/support/fake-whatsapp.ts';

const fake = await startFakeWhatsApp({ phoneNumberId: process.env.PHONE_NUMBER_ID!, accessToken: process.env.ACCESS_TOKEN! });
if (process.env.WEBHOOK_URL) fake.sendStatusesTo(webhookUrlTarget(process.env.WEBHOOK_URL, process.env.APP_SECRET!, 200));
let reported = 0;
setInterval(() => {
  const fresh = fake.accepted.slice(reported);
  reported += fresh.length;
  const statuses = { posted: fake.statusesPosted.length, refused: fake.statusesPosted.filter((posted) => posted.answer !== 200).length };
  process.send!({ accepted: fresh.map((message) => ({ reference: message.reference, at: performance.timeOrigin + message.at })), requests: fake.requests.length, statuses });
}, 20);
process.send!({ url: fake.url });
