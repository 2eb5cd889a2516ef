import type { OutgoingSms, SmsProvider, SmsReceipt } from './sms-provider.ts';
import type { SmsTemplateName } from './sms-templates.ts';

export interface Msg91Settings {
  authKey: string;
  /** The 6-letter sender id (DLT header) registered on the DLT platform and mapped in MSG91's panel. */
  senderId: string;
  /** MSG91's template id for each of the shop's templates; each was created in MSG91 with its DLT template id. */
  templateIds: Record<SmsTemplateName, string>;
  /** https://control.msg91.com unless a test points it at a stand-in. */
  apiBase?: string;
  timeoutMs?: number;
}

/**
 * MSG91's Flow API (POST /api/v5/flow, https://docs.msg91.com): the request names a template created in MSG91's
 * panel with its DLT template id and sender id, and carries the recipient in international form without '+'
 * and the template's variables by name. MSG91 answers 200 with {"type":"success","message":"<request id>"} or
 * {"type":"error","message":"…"} (sometimes with a 4xx status); anything but success is a failed attempt.
 */
export function msg91Provider(settings: Msg91Settings): SmsProvider {
  const endpoint = `${(settings.apiBase ?? 'https://control.msg91.com').replace(/\/$/, '')}/api/v5/flow`;
  return {
    name: 'msg91',
    async send(sms: OutgoingSms): Promise<SmsReceipt> {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: settings.templateIds[sms.template],
          sender: settings.senderId,
          // A sign-in code carries no link to shorten.
          short_url: '0',
          recipients: [{ mobiles: sms.to.replace(/^\+/, ''), ...sms.variables }],
        }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
      const text = await response.text();
      let answer: { type?: unknown; message?: unknown } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // Not JSON (a proxy's error page): reported below with the status.
      }
      if (!response.ok || answer.type !== 'success') {
        throw new Error(`MSG91 answered ${response.status}: ${typeof answer.message === 'string' ? answer.message : text.slice(0, 200)}`);
      }
      return { status: 'sent', reference: typeof answer.message === 'string' ? answer.message : '' };
    },
  };
}
