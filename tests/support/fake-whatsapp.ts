import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TestShop } from './test-app.ts';

export interface WhatsAppRequest {
  phoneNumberId: string;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    biz_opaque_callback_data?: string;
    template?: { name?: string; language?: { code?: string }; components?: { type: string; sub_type?: string; index?: string; parameters?: { type: string; text?: string; payload?: string }[] }[] };
  };
}

/** A template message Meta accepted, as the recipient's phone would show it. */
export interface AcceptedMessage {
  id: string;
  phone: string;
  template: string;
  language: string;
  /** The body's parameters, in order. */
  variables: string[];
  /** Each quick-reply button's payload, in order. */
  buttons: string[];
  reference: string | undefined;
  /** performance.now() when it was accepted. */
  at: number;
}

export interface FakeWhatsApp {
  /** The API base to set as WHATSAPP_API_BASE. */
  url: string;
  /** Every request the shop made, in order, accepted or not. */
  requests: WhatsAppRequest[];
  accepted: AcceptedMessage[];
  /** The next `count` requests are answered `status` (429: Meta's rate limit, code 130429; 5xx: an outage). */
  failNext(count: number, status?: 429 | 500 | 503): void;
  /** Until called again with false, every request is refused as Meta refuses an expired token (401, code 190). */
  expireToken(expired: boolean): void;
  /** The next `count` messages are accepted, but answered only after `delayMs` (past the shop's timeout: a lost answer). */
  answerLate(count: number, delayMs: number): void;
  /** The next `count` requests are read, not accepted, and their connection held `holdMs`, then dropped. */
  dropNext(count: number, holdMs: number): void;
  /**
   * Where Meta's status webhooks go: after each accepted message, 'sent', 'delivered' and 'read', `delayMs` apart,
   * each naming the message's id and its `biz_opaque_callback_data`, signed with X-Hub-Signature-256. Null: none.
   */
  sendStatusesTo(target: StatusWebhookTarget | null): void;
  /** Status webhooks posted, with the shop's answer. */
  statusesPosted: { reference: string | undefined; status: string; answer: number }[];
  close(): Promise<void>;
}

export interface StatusWebhookTarget {
  appSecret: string;
  /** Posts the raw body with its signature; answers the HTTP status. */
  post(raw: string, signature: string): Promise<number>;
  delayMs?: number;
}

/** A target that posts to the shop's webhook URL, as Meta does. */
export function webhookUrlTarget(url: string, appSecret: string, delayMs?: number): StatusWebhookTarget {
  return {
    appSecret,
    delayMs,
    post: async (raw, signature) =>
      (await fetch(url, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, signal: AbortSignal.timeout(10_000) })).status,
  };
}

/**
 * A local stand-in for Meta's WhatsApp Cloud API (`POST /{phone-number-id}/messages`), for tests: it checks the
 * bearer token and the phone number id, wants a template message with a name, a language and components, and
 * answers in Meta's shapes: `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`
 * or `{ error: { message, type, code, fbtrace_id } }`.
 */
export async function startFakeWhatsApp(settings: { phoneNumberId: string; accessToken: string; port?: number; routes?: (app: FastifyInstance) => void }): Promise<FakeWhatsApp> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  settings.routes?.(app);
  const requests: WhatsAppRequest[] = [];
  const accepted: AcceptedMessage[] = [];
  let failures = 0;
  let failureStatus = 500;
  let expired = false;
  let late = { count: 0, delayMs: 0 };
  let drops = { count: 0, holdMs: 0 };
  let statusTarget: StatusWebhookTarget | null = null;
  const statusesPosted: FakeWhatsApp['statusesPosted'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const after = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  /** Meta's statuses for an accepted message, one after another, as its webhooks report them. */
  const reportStatuses = (message: AcceptedMessage) => {
    const target = statusTarget;
    if (!target) return;
    const steps = ['sent', 'delivered', 'read'] as const;
    const post = (index: number) => {
      const status = steps[index];
      if (!status) return;
      after(target.delayMs ?? 50, () => {
        const raw = JSON.stringify(statusEvent(message, status));
        const signature = `sha256=${createHmac('sha256', target.appSecret).update(raw).digest('hex')}`;
        target
          .post(raw, signature)
          .then((answer) => statusesPosted.push({ reference: message.reference, status, answer }))
          .catch(() => statusesPosted.push({ reference: message.reference, status, answer: 0 }))
          .finally(() => post(index + 1));
      });
    };
    post(0);
  };
  const error = (code: number, message: string, type = 'OAuthException') => ({ error: { message, type, code, fbtrace_id: 'AbCdEf123' } });
  app.post<{ Params: { phoneNumberId: string } }>('/:phoneNumberId/messages', async (request, reply) => {
    const body = (request.body ?? {}) as WhatsAppRequest['body'];
    requests.push({ phoneNumberId: request.params.phoneNumberId, authorization: request.headers.authorization, body });
    if (drops.count > 0) {
      drops.count -= 1;
      reply.hijack();
      after(drops.holdMs, () => request.raw.socket.destroy());
      return reply;
    }
    if (expired) return reply.status(401).send(error(190, 'Error validating access token: Session has expired.'));
    if (request.headers.authorization !== `Bearer ${settings.accessToken}`) return reply.status(401).send(error(190, 'Invalid OAuth access token - Cannot parse access token'));
    if (request.params.phoneNumberId !== settings.phoneNumberId) return reply.status(400).send(error(100, 'Unsupported post request.', 'GraphMethodException'));
    if (failures > 0) {
      failures -= 1;
      return failureStatus === 429
        ? reply.status(429).send(error(130429, 'Rate limit hit', 'OAuthException'))
        : reply.status(failureStatus).send(error(131000, 'Something went wrong', 'OAuthException'));
    }
    const template = body.template;
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !template?.name || !template.language?.code || !/^\d{10,15}$/.test(body.to ?? '')) {
      return reply.status(400).send(error(100, 'Invalid parameter', 'OAuthException'));
    }
    const components = template.components ?? [];
    const bodyParameters = components.find((component) => component.type === 'body')?.parameters ?? [];
    if (bodyParameters.some((parameter) => parameter.type !== 'text' || !parameter.text)) return reply.status(400).send(error(131008, 'Required parameter is missing'));
    const id = `wamid.HBgM${String(accepted.length + 1).padStart(8, '0')}${Math.random().toString(36).slice(2, 8)}`;
    const message: AcceptedMessage = {
      id,
      phone: body.to!,
      template: template.name,
      language: template.language.code,
      variables: bodyParameters.map((parameter) => parameter.text!),
      buttons: components.filter((component) => component.type === 'button' && component.sub_type === 'quick_reply').map((component) => component.parameters?.[0]?.payload ?? ''),
      reference: body.biz_opaque_callback_data,
      at: performance.now(),
    };
    accepted.push(message);
    reportStatuses(message);
    if (late.count > 0) {
      late.count -= 1;
      await new Promise((resolve) => after(late.delayMs, () => resolve(undefined)));
    }
    return { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] };
  });
  const address = await app.listen({ port: settings.port ?? 0, host: '127.0.0.1' });
  return {
    url: address,
    requests,
    accepted,
    failNext: (count, status = 500) => {
      failures = count;
      failureStatus = status;
    },
    expireToken: (value) => {
      expired = value;
    },
    answerLate: (count, delayMs) => {
      late = { count, delayMs };
    },
    dropNext: (count, holdMs) => {
      drops = { count, holdMs };
    },
    sendStatusesTo: (target) => {
      statusTarget = target;
    },
    statusesPosted,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await app.close();
    },
  };
}

/** Meta's webhook envelope around one change's value. */
export function webhookBody(value: Record<string, unknown>) {
  return { object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' }, ...value } }] }] };
}

export function statusEvent(message: Pick<AcceptedMessage, 'id' | 'phone' | 'reference'>, status: 'sent' | 'delivered' | 'read' | 'failed', at = new Date()) {
  return webhookBody({
    statuses: [
      {
        id: message.id,
        status,
        timestamp: String(Math.floor(at.getTime() / 1000)),
        recipient_id: message.phone,
        ...(message.reference ? { biz_opaque_callback_data: message.reference } : {}),
        ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
      },
    ],
  });
}

/** A customer pressing a template's quick-reply button, as Meta reports it (type 'button'). */
export function buttonReply(from: string, payload: string, text: string, id: string, context?: string) {
  return webhookBody({
    contacts: [{ profile: { name: 'Asha' }, wa_id: from }],
    messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'button', button: { payload, text }, ...(context ? { context: { from: '15550783881', id: context } } : {}) }],
  });
}

export function textMessage(from: string, body: string, id: string) {
  return webhookBody({ contacts: [{ profile: { name: 'Asha' }, wa_id: from }], messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }] });
}

/** Posts a webhook signed as Meta signs it (X-Hub-Signature-256: HMAC-SHA256 of the raw body under the app secret). */
export function signedWhatsAppWebhook(shop: TestShop, body: unknown, appSecret: string, options: { raw?: string; signature?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const signature = options.signature ?? `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
  return shop.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } });
}
