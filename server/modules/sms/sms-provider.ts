import type { SmsTemplateName } from './sms-templates.ts';

export interface OutgoingSms {
  /** '+919876543210'. */
  to: string;
  template: SmsTemplateName;
  variables: Record<string, string>;
  /** The words as registered, for a provider that keeps rather than sends. */
  body: string;
}

/** What became of a text: handed to the operator's gateway (with its id), or kept for the back office. */
export type SmsReceipt = { status: 'sent'; reference: string } | { status: 'kept' };

/**
 * Where the SMS outbox's worker hands a text. Resolves once the provider accepted it; rejects when it refused or
 * could not be reached (the outbox retries).
 */
export interface SmsProvider {
  readonly name: 'msg91' | 'log';
  send(sms: OutgoingSms): Promise<SmsReceipt>;
}

/**
 * The provider of a shop with no SMS gateway set (a demo, a shop on the way to DLT approval): every text is kept,
 * with its words, at /admin/sms for the back office to read, as the e-mail outbox keeps mail without SMTP.
 */
export const logSmsProvider: SmsProvider = {
  name: 'log',
  send: () => Promise.resolve({ status: 'kept' }),
};
