import type { orderStatusHistory } from '../../db/schema/index.ts';
import type { OutgoingEmail } from '../mail/email-outbox.ts';
import type { TemplateName } from '../mail/template-registry.ts';
import type { NotificationAudience, NotificationInput } from '../notifications/notification-service.ts';
import type { OrderRow } from './order-dto.ts';

export type HistoryEntry = typeof orderStatusHistory.$inferInsert;

/**
 * The writes of many lifecycle events in one transaction, gathered to go as one statement each when its work is
 * done (`OrderLifecycle.flush`): the orders' history, the notices, the e-mails (the journey's among them, whose
 * lines and customer's preferences are then read once for all the orders) and the orders' own columns. The
 * courier's tracking reports move many orders at once this way (docs/decisions/0081). Only writes that no writer
 * of another order waits on are gathered: an event that moves stock, money or tax documents is applied at once.
 */
export class LifecycleBatch {
  readonly history: HistoryEntry[] = [];
  readonly notices: (NotificationAudience & NotificationInput)[] = [];
  /** Messages ready to go. */
  readonly emails: OutgoingEmail<TemplateName>[] = [];
  /** Orders whose journey e-mail (shipped, out for delivery, delivered) is made at the flush, each at its status here. */
  readonly journeys: OrderRow[] = [];
  /** Each order's columns to write, by its id; a later event's values win. */
  readonly orders = new Map<string, Partial<OrderRow>>();

  mail<Name extends TemplateName>(email: OutgoingEmail<Name>): void {
    this.emails.push(email as unknown as OutgoingEmail<TemplateName>);
  }
}
