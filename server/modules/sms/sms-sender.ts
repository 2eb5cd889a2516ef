import type { Database } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { MessageAttempts, reasonOf, type AttemptSettings } from '../outbox/message-outbox.ts';
import type { SmsProvider } from './sms-provider.ts';
import { blankedBody, isSmsTemplateName } from './sms-templates.ts';

/**
 * Delivers one outbox text per job. The row decides, not the job: an attempt first claims the row
 * (message-outbox.ts), so a job run twice or two workers at once send one text, and a text already sent, kept or
 * dead is left alone. An attempt that finds the row held by another retries later rather than waiting: a sign-in
 * code is worth little by the time a lease runs out.
 *
 * As with e-mail, a process that dies between the provider's acceptance and the row's update sends the text
 * again on retry; MSG91's API takes no idempotency key that could prevent it (docs/decisions/0058).
 */
export class SmsSender {
  private readonly attempts: MessageAttempts<typeof smsMessages>;

  constructor(
    db: Database,
    private readonly provider: SmsProvider,
    settings: AttemptSettings,
  ) {
    this.attempts = new MessageAttempts(db, smsMessages, settings, { sending: 'Another attempt is still sending this text' });
  }

  async deliver(id: string): Promise<void> {
    const row = await this.attempts.claim(id);
    if (!row) return;
    if (!isSmsTemplateName(row.template)) {
      await this.attempts.finish(row, { status: 'dead', lastError: `Unknown template ${row.template}` });
      return;
    }
    try {
      const receipt = await this.provider.send({ to: row.toNumber, template: row.template, variables: row.variables, body: row.body });
      if (receipt.status === 'kept') {
        await this.attempts.finish(row, { status: 'kept', lastError: null });
        return;
      }
      // The code has reached the gateway; the shop's own copy of it is of use to no one from here on.
      await this.attempts.finish(row, { status: 'sent', ...blankedBody(row.template, row.variables), providerReference: receipt.reference.slice(0, 200), lastError: null, sentAt: new Date() });
    } catch (error) {
      await this.attempts.fail(row, reasonOf(error));
    }
  }
}
