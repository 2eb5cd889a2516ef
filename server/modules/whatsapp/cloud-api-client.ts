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
 * Why Meta refused: `auth` (the access token expired or was revoked, error code 190, HTTP 401: the channel is
 * unhealthy until it is replaced), `retry` (429 or a 5xx, or no answer: the same message is tried again later), or
 * `refused` (any other 4xx: a retry would be refused the same way).
 */
export class WhatsAppApiError extends Error {
  constructor(
    readonly kind: 'auth' | 'retry' | 'refused',
    message: string,
  ) {
    super(message);
  }
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
        throw new WhatsAppApiError('retry', `WhatsApp could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      const text = await response.text();
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
      if (response.status === 429 || response.status >= 500 || response.ok) throw new WhatsAppApiError('retry', said);
      throw new WhatsAppApiError('refused', said);
    },
  };
}
