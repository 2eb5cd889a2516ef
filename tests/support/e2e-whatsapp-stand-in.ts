// The browser journeys' stand-in for Meta's WhatsApp Cloud API (a Playwright webServer, playwright.config.ts):
// it accepts the shop's template messages, posts their status webhooks (sent, delivered, read) to the shop as Meta
// does, signed with X-Hub-Signature-256, and, for a journey, lists what it accepted and posts a button press.
import { createHmac } from 'node:crypto';
import { buttonReply, startFakeWhatsApp, webhookUrlTarget, type FakeWhatsApp } from './fake-whatsapp.ts';
import { E2E_WHATSAPP } from './e2e-whatsapp.ts';

const webhookUrl = `${process.env.E2E_SHOP_URL}/api/whatsapp/webhook`;
let presses = 0;
let fake: FakeWhatsApp | null = null;
fake = await startFakeWhatsApp({
  phoneNumberId: E2E_WHATSAPP.phoneNumberId,
  accessToken: E2E_WHATSAPP.accessToken,
  port: Number(process.env.E2E_WHATSAPP_PORT),
  routes: (app) => {
    app.get('/stand-in/health', async () => ({ ok: true }));
    app.get<{ Querystring: { phone?: string } }>('/stand-in/messages', async (request) => ({
      messages: (fake?.accepted ?? []).filter((message) => message.phone === request.query.phone).map(({ id, phone, template, variables, buttons }) => ({ id, phone, template, variables, buttons })),
    }));
    app.post<{ Body: { phone: string; payload: string; text: string; context: string } }>('/stand-in/press', async (request) => {
      presses += 1;
      const { phone, payload, text, context } = request.body;
      const raw = JSON.stringify(buttonReply(phone, payload, text, `wamid.press${Date.now()}${presses}`, context));
      const answer = await fetch(webhookUrl, {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', E2E_WHATSAPP.appSecret).update(raw).digest('hex')}` },
      });
      return { shopAnswered: answer.status };
    });
  },
});
fake.sendStatusesTo(webhookUrlTarget(webhookUrl, E2E_WHATSAPP.appSecret, 300));
const stop = () => void fake?.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
