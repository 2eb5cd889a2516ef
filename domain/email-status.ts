/**
 * How a message's state reads on the back office's e-mails screen. A queued message whose send time is still
 * ahead (a review request waits a week after delivery) is not stuck: it reads 'Scheduled for <date>'.
 */
import { formatShopDate } from './shop-clock.ts';

export function emailStatusText(email: { status: string; sendAfter: string }, statusLabel: string, now: Date): string {
  if (email.status === 'queued' && Date.parse(email.sendAfter) > now.getTime()) return `Scheduled for ${formatShopDate(email.sendAfter, 'dateTime')}`;
  return statusLabel;
}
