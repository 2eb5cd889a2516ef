import { describe, expect, it } from 'vitest';
import { emailStatusText } from './email-status.ts';

const NOW = new Date('2026-11-27T06:30:00Z');

describe('emailStatusText', () => {
  it('says when a queued message that waits for its time will go', () => {
    expect(emailStatusText({ status: 'queued', sendAfter: '2026-12-04T04:30:00Z' }, 'Queued', NOW)).toBe('Scheduled for 4 Dec 2026, 10:00 am');
  });

  it('keeps the status of a message due now, or already handled', () => {
    expect(emailStatusText({ status: 'queued', sendAfter: '2026-11-27T06:00:00Z' }, 'Queued', NOW)).toBe('Queued');
    expect(emailStatusText({ status: 'sent', sendAfter: '2026-12-04T04:30:00Z' }, 'Sent', NOW)).toBe('Sent');
  });
});
