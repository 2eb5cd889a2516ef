import type { ReactElement } from 'react';

/** What every template may use besides its own data. */
export interface RenderContext {
  /** The shop's public address without a trailing slash, for links. */
  shopUrl: string;
  /** A list's message only: where its reader leaves the list, for the footer. */
  unsubscribeUrl?: string;
}

/**
 * One kind of e-mail: its subject and its body as a React element. The data is what the outbox stored when the
 * message was enqueued (a snapshot, so a retry renders the same message).
 */
export interface EmailTemplate<Data> {
  subject(data: Data): string;
  body(data: Data, context: RenderContext): ReactElement;
  /** Where a reply should go, when not to the shop's inbox (a contact message's copy: to the person who wrote). */
  replyTo?(data: Data): string;
}

export function defineTemplate<Data>(template: EmailTemplate<Data>): EmailTemplate<Data> {
  return template;
}
