/**
 * Complaints as the Consumer Protection (E-Commerce) Rules 2020 want them handled. Rule 4(4) asks for a grievance
 * officer whose name, designation and contact details are shown; rule 4(5), that each complaint is acknowledged
 * within forty-eight hours and redressed within one month of its receipt. A ticket number by which the consumer
 * can follow the complaint is asked of marketplaces (rule 5); the shop gives one for every message, the
 * stricter reading (decision record 0038).
 */

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
};

/** Rule 4(5): acknowledged within 48 hours; the shop's e-mail does it at once. */
export const ACKNOWLEDGE_WITHIN_HOURS = 48;

/** 'DP-7K3M-Q9XA'. Crockford's alphabet: no I, L, O or U to misread when a customer types it back. */
const TICKET_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TICKET_PATTERN = /^DP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A ticket number from eight random bytes (one character each, 5 bits of each byte). */
export function ticketNumberFrom(random: Uint8Array): string {
  if (random.length < 8) throw new Error('A ticket number needs 8 random bytes');
  const chars = Array.from(random.subarray(0, 8), (byte) => TICKET_ALPHABET[byte & 31]);
  return `DP-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** What a customer typed, as the ticket number it means ('dp-7k3m-q9xa ' → 'DP-7K3M-Q9XA'), or null. */
export function normaliseTicketNumber(typed: string): string | null {
  const upper = typed.trim().toUpperCase();
  const candidate = /^DP[0-9A-Z]{8}$/.test(upper) ? `DP-${upper.slice(2, 6)}-${upper.slice(6)}` : upper;
  return TICKET_PATTERN.test(candidate) ? candidate : null;
}

/**
 * The day a complaint must be redressed by: one calendar month after it was received (rule 4(5)); from 31
 * January, the last day of February.
 */
export function redressDeadline(receivedAt: Date): Date {
  const deadline = new Date(receivedAt);
  const day = deadline.getUTCDate();
  deadline.setUTCDate(1);
  deadline.setUTCMonth(deadline.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(deadline.getUTCFullYear(), deadline.getUTCMonth() + 1, 0)).getUTCDate();
  deadline.setUTCDate(Math.min(day, lastDay));
  return deadline;
}

/** A complaint still unresolved past its month: the back office shows it first and highlighted. */
export function isOverdue(ticket: { status: TicketStatus; createdAt: Date }, now: Date): boolean {
  return ticket.status !== 'resolved' && now.getTime() > redressDeadline(ticket.createdAt).getTime();
}

/** Why a status change is refused, or null when it may be made. A ticket is resolved with a note saying how. */
export function statusChangeProblem(change: { status: TicketStatus; resolutionNote: string | null }): { field: 'resolutionNote'; message: string } | null {
  if (change.status === 'resolved' && !(change.resolutionNote ?? '').trim()) {
    return { field: 'resolutionNote', message: 'resolutionNote is required to resolve a complaint: say what was done' };
  }
  return null;
}
