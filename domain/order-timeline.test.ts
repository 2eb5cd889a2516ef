import { describe, expect, it } from 'vitest';
import { timelineHeadings } from './order-timeline.ts';

describe('timelineHeadings', () => {
  it('heads each return and refund event on a delivered order by what happened, not by the delivery', () => {
    const headings = timelineHeadings([
      { status: 'pending', event: 'paid' },
      { status: 'shipped', event: 'admin-set-status' },
      { status: 'delivered', event: 'admin-set-status' },
      { status: 'delivered', event: 'return-requested' },
      { status: 'delivered', event: 'return-approved' },
      { status: 'delivered', event: 'return-received' },
      { status: 'delivered', event: 'refund-succeeded' },
    ]);
    expect(headings).toEqual(['Order Received', 'On Mystical Journey', 'Mystical Delivery Complete', 'Return Requested', 'Return Approved', 'Return Received', 'Refund Issued']);
  });

  it('heads a move to another status by that status, whatever event made it', () => {
    expect(timelineHeadings([
      { status: 'pending', event: 'paid-unfulfillable' },
      { status: 'cancelled', event: 'paid-unfulfillable' },
    ])).toEqual(['Order Received', 'Order Cancelled']);
    expect(timelineHeadings([
      { status: 'pending', event: 'cod-placed' },
      { status: 'pending', event: 'cod-confirmed' },
      { status: 'delivered', event: 'cod-collected' },
    ])).toEqual(['Order Received', 'Confirmed for Cash on Delivery', 'Mystical Delivery Complete']);
  });

  it('reads an entry that names no event by its status', () => {
    expect(timelineHeadings([
      { status: 'delivered', event: null },
      { status: 'delivered', event: null },
    ])).toEqual(['Mystical Delivery Complete', 'Mystical Delivery Complete']);
  });
});
