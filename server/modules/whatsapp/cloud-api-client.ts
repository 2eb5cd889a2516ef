import type { WhatsAppTemplate } from './templates/index.ts';

export interface WhatsAppSettings {
  phoneNumberId: string;
  accessToken: string;
  /** Signs the webhooks (X-Hub-Signature-256). */
  appSecret: string;
  /** The token Meta echoes in the subscription handshake. */
  verifyToken: string;
  /** https://graph.facebook.com/v21.0 unless a test points it at a stand-in. */
  apiBase: string;
  timeoutMs?: number;
}

export interface OutgoingWhatsApp {
  /** '+919876543210'. */
  to: string;
  template: WhatsAppTemplate;
  variables: Record<string, string>;
  /** The outbox row's id: each button's payload carries it, and Meta echoes it in the status webhooks. */
  reference: string;
}

/**
 * Why a send did not end in Meta's acceptance: `auth` (the access token expired or was revoked, error code 190,
 * HTTP 401: the channel is unhealthy until it is replaced), `retry` (429 or a 5xx, or Meta never reached: the same
 * message is tried again later), `refused` (any other 4xx: a retry would be refused the same way), or `unanswered`
 * (the request went out but no answer came back: a timeout, a connection dropped mid-request, a 200 without a
 * message id). Meta may have taken an unanswered message, and it takes no idempotency key, so sending it again at
 * once could reach the customer twice (whatsapp-sender.ts waits for a status webhook instead).
 */
export class WhatsAppApiError extends Error {
  constructor(
    readonly kind: 'auth' | 'retry' | 'refused' | 'unanswered',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Failures that happen before a byte of the request can have left: no address, no route, a refused or timed-out
 * connect, a certificate refused in the TLS handshake. Anything else (a timeout, a reset, the other side closing)
 * may have come after Meta read the request, so it counts as unanswered: the stricter reading, which costs a
 * message at most the grace window's wait.
 */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function neverSent(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  return NEVER_SENT_CODES.has(code) || code.startsWith('ERR_TLS_') || code.includes('CERT');
}

export interface WhatsAppProvider {
  send(message: OutgoingWhatsApp): Promise<{ messageId: string }>;
}

/**
 * Meta's WhatsApp Business Cloud API, `POST /{phone-number-id}/messages` with a bearer token: a template message
 * names an approved template and its language, and fills it with components: the body's text parameters in
 * order, and for each quick-reply button a `payload` parameter Meta hands back when the button is pressed.
 * `biz_opaque_callback_data` comes back in every status webhook of the message. Meta answers
 * `{ messages: [{ id: 'wamid.…' }] }`, or `{ error: { code, message } }` with a 4xx/5xx.
 */
export function cloudApiProvider(settings: WhatsAppSettings): WhatsAppProvider {
  const endpoint = `${settings.apiBase.replace(/\/$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    async send(message: OutgoingWhatsApp): Promise<{ messageId: string }> {
      const { template } = message;
      const components: unknown[] = [];
      if (template.variables.length) {
        components.push({ type: 'body', parameters: template.variables.map((name) => ({ type: 'text', text: message.variables[name] ?? '' })) });
      }
      template.buttons.forEach((button, index) => {
        components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload: `${button.action}:${message.reference}` }] });
      });
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to.replace(/^\+/, ''),
            type: 'template',
            template: { name: template.name, language: { code: template.language }, components },
            biz_opaque_callback_data: message.reference,
          }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
        });
      } catch (error) {
        const said = `${error instanceof Error ? error.message : String(error)}${error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''}`;
        if (neverSent(error)) throw new WhatsAppApiError('retry', `WhatsApp could not be reached: ${said}`);
        throw new WhatsAppApiError('unanswered', `No answer from WhatsApp: ${said}`);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        // The answer began but broke off: Meta may well have taken the message.
        throw new WhatsAppApiError('unanswered', `WhatsApp's answer (${response.status}) broke off: ${error instanceof Error ? error.message : String(error)}`);
      }
      let answer: { messages?: { id?: unknown }[]; error?: { code?: unknown; message?: unknown } } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // Not JSON (a proxy's error page): reported below with the status.
      }
      const id = answer.messages?.[0]?.id;
      if (response.ok && typeof id === 'string') return { messageId: id };
      const said = `WhatsApp answered ${response.status}${typeof answer.error?.code === 'number' ? ` (code ${answer.error.code})` : ''}: ${typeof answer.error?.message === 'string' ? answer.error.message : text.slice(0, 200)}`;
      if (response.status === 401 || answer.error?.code === 190) throw new WhatsAppApiError('auth', said);
      // A 200 whose message id cannot be read: taken, most likely, so it waits for the status webhook like a timeout.
      if (response.ok) throw new WhatsAppApiError('unanswered', said);
      if (response.status === 429 || response.status >= 500) throw new WhatsAppApiError('retry', said);
      throw new WhatsAppApiError('refused', said);
    },
  };
}
