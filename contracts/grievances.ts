import { z } from 'zod';
import { serialId, text } from './fields.ts';
import { normaliseTicketNumber, TICKET_STATUSES } from '../domain/grievances.ts';

const TICKET_NUMBER_MESSAGE = 'ticketNumber must be a ticket number such as DP-7K3M-Q9XA';

/** A ticket number as typed ('dp-7k3m-q9xa' reads as DP-7K3M-Q9XA). */
const ticketNumber = text({ error: TICKET_NUMBER_MESSAGE })
  .max(40, { error: TICKET_NUMBER_MESSAGE })
  .transform((typed, context) => {
    const ticket = normaliseTicketNumber(typed);
    if (ticket === null) {
      context.addIssue({ code: 'custom', message: TICKET_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return ticket;
  });

export const ticketParamsSchema = z.object({ ticketNumber });

/** The sender's e-mail goes with the number: a ticket's status and note are theirs, not anyone's who guesses a number. */
export const ticketLookupQuerySchema = z.object({
  email: text({ error: 'email is required' })
    .trim()
    .min(1, { error: 'email is required' })
    .max(254, { error: 'email must be at most 254 characters' })
    .transform((value) => value.toLowerCase()),
});

export const ticketStatusSchema = z.enum(TICKET_STATUSES, { error: `status must be one of ${TICKET_STATUSES.join(', ')}` });

/** A complaint as its sender follows it. */
export const publicTicketSchema = z.object({
  ticketNumber: text(),
  subject: text(),
  status: ticketStatusSchema,
  receivedAt: text(),
  /** One month from receipt (E-Commerce Rules 2020, rule 4(5)). */
  redressBy: text(),
  resolutionNote: text().nullable(),
  updatedAt: text().nullable(),
});
export type PublicTicket = z.infer<typeof publicTicketSchema>;

export const ticketResponseSchema = z.object({ success: z.literal(true), ticket: publicTicketSchema });

export const ticketIdParamsSchema = z.object({
  id: serialId('id must be a message id'),
});

/** The back office moves a complaint on; resolving it needs a note saying what was done. */
export const ticketStatusChangeSchema = z.object({
  status: ticketStatusSchema,
  resolutionNote: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : (value ?? null)),
    text({ error: 'resolutionNote must be text' }).trim().max(2000, { error: 'resolutionNote must be at most 2000 characters' }).nullable(),
  ),
});
export type TicketStatusChange = z.infer<typeof ticketStatusChangeSchema>;

/** The grievance officer the shop names (settings GRIEVANCE_OFFICER_*). */
export const grievanceOfficerSchema = z.object({ name: text(), designation: text(), email: text(), phone: text() });
export type GrievanceOfficer = z.infer<typeof grievanceOfficerSchema>;
