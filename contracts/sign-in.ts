import { z } from 'zod';
import { text } from './fields.ts';
import { emailSchema, nameSchema, secondFactorNeededSchema, sessionResponseSchema } from './auth.ts';
import { canonicalMobile, phoneMessages } from '../domain/phone.ts';
import { LINK_TOKEN_PATTERN } from '../domain/account-links.ts';
import { safeReturnPath, SIGN_IN_CODE_PATTERN, signInMessages } from '../domain/sign-in.ts';

/** An Indian mobile however typed ('+91 98765-43210'), kept as '+919876543210'. */
export const mobileSchema = text({ error: (issue) => (issue.input === undefined || issue.input === null ? phoneMessages.required : 'phone must be text') })
  .max(40, { error: phoneMessages.invalid })
  .refine((value) => value.trim() !== '', { error: phoneMessages.required, abort: true })
  .refine((value) => canonicalMobile(value) !== null, { error: phoneMessages.invalid })
  .transform((value) => canonicalMobile(value)!);

export const signInCodeBodySchema = z.object({ phone: mobileSchema });
export type SignInCodeBody = z.input<typeof signInCodeBodySchema>;

/**
 * The texted code. A number with no account yet also gives a name and an e-mail (for order confirmations); the
 * first try without them is answered 400 naming `name`, and the code stays good for the second.
 */
export const verifySignInCodeBodySchema = z.object({
  phone: mobileSchema,
  code: text({ error: signInMessages.code.format }).trim().regex(SIGN_IN_CODE_PATTERN, { error: signInMessages.code.format }),
  name: nameSchema.optional(),
  email: emailSchema.optional(),
});
export type VerifySignInCodeBody = z.input<typeof verifySignInCodeBodySchema>;

const returnToSchema = text({ error: 'returnTo must be text' }).max(300, { error: 'returnTo must be at most 300 characters' }).transform(safeReturnPath);

export const signInLinkBodySchema = z.object({ email: emailSchema, returnTo: returnToSchema.optional() });
export type SignInLinkBody = z.input<typeof signInLinkBodySchema>;

export const redeemSignInLinkBodySchema = z.object({
  token: text({ error: signInMessages.link.invalid }).regex(LINK_TOKEN_PATTERN, { error: signInMessages.link.invalid }),
  /** Only for an address with no account yet: the name the new account goes by. */
  name: nameSchema.optional(),
});
export type RedeemSignInLinkBody = z.input<typeof redeemSignInLinkBodySchema>;

/** A session, and the page the shopper asked from (a link opened on another tab or device goes back there). */
export const linkSessionResponseSchema = sessionResponseSchema.extend({ returnTo: text() });
export type LinkSessionResponse = z.infer<typeof linkSessionResponseSchema>;
export const linkLoginResponseSchema = z.union([linkSessionResponseSchema, secondFactorNeededSchema.extend({ returnTo: text() })]);
export type LinkLoginResponse = z.infer<typeof linkLoginResponseSchema>;
