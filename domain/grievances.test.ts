import { describe, expect, it } from 'vitest';
import { isOverdue, normaliseTicketNumber, redressDeadline, statusChangeProblem, ticketNumberFrom } from './grievances.ts';

describe('ticket numbers', () => {
  it('are DP- and two groups of four unambiguous characters', () => {
    const ticket = ticketNumberFrom(Uint8Array.from([0, 1, 31, 32, 18, 21, 27, 255]));
    expect(ticket).toBe('DP-01Z0-JNVZ');
    expect(normaliseTicketNumber(ticket)).toBe(ticket);
  });

  it('are read back however the customer typed them, and anything else is not one', () => {
    expect(normaliseTicketNumber(' dp-01z0-jnvz ')).toBe('DP-01Z0-JNVZ');
    expect(normaliseTicketNumber('DP01Z0JNVZ')).toBe('DP-01Z0-JNVZ');
    expect(normaliseTicketNumber('DP-01Z0-JNVU')).toBeNull();
    expect(normaliseTicketNumber('12345')).toBeNull();
  });
});

describe('the one-month limit (E-Commerce Rules 2020, rule 4(5))', () => {
  it('falls on the same day of the next month, or that month’s last day', () => {
    expect(redressDeadline(new Date('2026-11-27T10:00:00Z')).toISOString()).toBe('2026-12-27T10:00:00.000Z');
    expect(redressDeadline(new Date('2027-01-31T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  it('makes an unresolved complaint overdue once passed, and a resolved one never', () => {
    const createdAt = new Date('2026-10-01T09:00:00Z');
    expect(isOverdue({ status: 'in_progress', createdAt }, new Date('2026-11-01T08:59:00Z'))).toBe(false);
    expect(isOverdue({ status: 'open', createdAt }, new Date('2026-11-01T09:01:00Z'))).toBe(true);
    expect(isOverdue({ status: 'resolved', createdAt }, new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('status changes', () => {
  it('need a note to resolve', () => {
    expect(statusChangeProblem({ status: 'resolved', resolutionNote: '  ' })?.field).toBe('resolutionNote');
    expect(statusChangeProblem({ status: 'resolved', resolutionNote: 'Replaced the bottle' })).toBeNull();
    expect(statusChangeProblem({ status: 'in_progress', resolutionNote: null })).toBeNull();
  });
});
