import { z } from 'zod';
import { text } from './fields.ts';

/** Field limits of the public forms: generous for people, small enough that nobody stores essays through them. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

const email = text({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(CONTACT_LIMITS.email, { error: `Email must be at most ${CONTACT_LIMITS.email} characters` })
  .pipe(z.email({ error: 'Please enter a valid email' }))
  .transform((value) => value.toLowerCase());

const requiredText = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const newsletterRequestSchema = z.object({ email });
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({
  success: z.literal(true),
  /** false when the address was already on the list: a repeat sign-up changes nothing. */
  subscribed: z.boolean(),
  message: text(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

export const newsletterConfirmRequestSchema = z.object({
  token: text({ error: 'The confirmation link is incomplete' }).trim().min(1, { error: 'The confirmation link is incomplete' }).max(200),
});
export type NewsletterConfirmRequest = z.infer<typeof newsletterConfirmRequestSchema>;

export const NEWSLETTER_CONFIRMED = 'Your subscription is confirmed. Our next missive will find you by moonlight.';
export const NEWSLETTER_LINK_INVALID = 'This confirmation link is not valid or was already used.';

export const contactRequestSchema = z.object({
  name: requiredText('Name', CONTACT_LIMITS.name),
  email,
  subject: requiredText('Subject', CONTACT_LIMITS.subject),
  message: requiredText('Message', CONTACT_LIMITS.message),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({
  success: z.literal(true),
  message: text(),
  /** The complaint's ticket number, told to the sender here and in the acknowledgement (domain/grievances.ts). */
  ticketNumber: text(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
