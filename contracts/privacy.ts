import { z } from 'zod';
import { text } from './fields.ts';
import { CONSENT_PURPOSE_NAMES, CONSENT_SOURCES } from '../domain/data-rights.ts';

export const consentPurposeParamsSchema = z.object({ purpose: z.enum(CONSENT_PURPOSE_NAMES, { error: 'No such consent' }) });

export const consentBodySchema = z.object({ granted: z.boolean({ error: 'Say whether you give or withdraw this consent' }) });
export type ConsentBody = z.infer<typeof consentBodySchema>;

export const consentSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSE_NAMES),
  label: text(),
  description: text(),
  granted: z.boolean(),
  /** When the consent in force was given or withdrawn; null when it never was. */
  changedAt: text().nullable(),
});

export const consentRecordSchema = z.object({
  purpose: text(),
  granted: z.boolean(),
  source: z.enum(CONSENT_SOURCES),
  noticeVersion: text(),
  at: text(),
});

export const consentsResponseSchema = z.object({
  success: z.literal(true),
  noticeVersion: text(),
  consents: z.array(consentSchema),
  history: z.array(consentRecordSchema),
});
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;

/** Erasing one's own account asks for the password again: a session left open on a shared phone is not enough. */
export const eraseAccountBodySchema = z.object({
  password: text({ error: 'Enter your password to erase your account' }).min(1, 'Enter your password to erase your account').max(200),
});
export type EraseAccountBody = z.infer<typeof eraseAccountBodySchema>;

export const adminEraseBodySchema = z.object({
  /** Where the request came from (a ticket number, the date of the e-mail): goes into the audit entry. */
  reference: text({ error: 'Say where the request came from' }).trim().min(3, 'Say where the request came from, e.g. the e-mail date or ticket number').max(200),
});
export type AdminEraseBody = z.infer<typeof adminEraseBodySchema>;

export const erasureResponseSchema = z.object({
  success: z.literal(true),
  message: text(),
  /** Orders whose tax invoice is kept for the legal period, restricted to that use. */
  invoicesKept: z.array(text()),
});
export type ErasureResponse = z.infer<typeof erasureResponseSchema>;
