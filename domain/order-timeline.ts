/**
 * The headings of an order's timeline. An entry that moves the order to another status is headed by that status
 * ('On Mystical Journey'); an entry that records something else while the status stays (a payment, a return, a
 * refund) is headed by what happened, so a return on a delivered order never reads 'Mystical Delivery Complete'.
 */
import type { EventType } from './order-lifecycle.ts';
import { statusInfo } from './orders.ts';

const EVENT_HEADINGS: Partial<Record<EventType, string>> = {
  paid: 'Payment Received',
  'refund-succeeded': 'Refund Issued',
  'refund-failed': 'Refund Failed',
  'refund-declined': 'Refund Declined',
  'refund-owed': 'Refund Due',
  'return-requested': 'Return Requested',
  'return-approved': 'Return Approved',
  'return-rejected': 'Return Declined',
  'return-received': 'Return Received',
  'cod-placed': 'Placed for Cash on Delivery',
  'cod-confirmed': 'Confirmed for Cash on Delivery',
  'cod-collected': 'Paid in Cash',
};

export interface TimelineEntry {
  status: string;
  /** The lifecycle event that wrote the entry; null on entries from before events were kept. */
  event: string | null;
}

/** Each entry's heading, for entries in the order they happened. */
export function timelineHeadings(entries: readonly TimelineEntry[]): string[] {
  return entries.map((entry, index) => {
    const previous = entries[index - 1];
    const ownHeading = entry.event ? EVENT_HEADINGS[entry.event as EventType] : undefined;
    return previous && previous.status === entry.status && ownHeading ? ownHeading : statusInfo(entry.status).label;
  });
}
