import { z } from 'zod';
import { text } from './fields.ts';
import { authMessages, PASSWORD_MAX_LENGTH } from '../domain/accounts.ts';
import { LINK_TOKEN_PATTERN, linkMessages, type AccountLinkPurpose } from '../domain/account-links.ts';
import { emailSchema, passwordSchema } from './auth.ts';

/** A token as links carry it; anything else (cut short, altered beyond the alphabet, not text) is not a link of ours. */
const linkTokenSchema = (purpose: AccountLinkPurpose) =>
  text({ error: linkMessages[purpose].invalid }).regex(LINK_TOKEN_PATTERN, { error: linkMessages[purpose].invalid });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z
  .object({
    token: linkTokenSchema('password-reset'),
    password: passwordSchema,
    confirmPassword: text({ error: authMessages.confirmRequired })
      .min(1, { error: authMessages.confirmRequired })
      .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  })
  .refine((body) => body.password === body.confirmPassword, { error: authMessages.passwordsDiffer, path: ['confirmPassword'] });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const verifyEmailBodySchema = z.object({ token: linkTokenSchema('email-verification') });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;
