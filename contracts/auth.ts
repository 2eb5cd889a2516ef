import { z } from 'zod';
import { text } from './fields.ts';
import {
  authMessages,
  BIRTH_SIGNS,
  EMAIL_MAX_LENGTH,
  isValidEmail,
  NAME_MAX_LENGTH,
  normaliseEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  USER_STATUSES,
} from '../domain/accounts.ts';
import { levelSchema } from './profile.ts';
import { displayMobile, phoneMessages, phoneProblem } from '../domain/phone.ts';

/** A required text field whose missing and wrong-type cases both read as the spec's 'X is required'. */
const requiredText = (required: string) =>
  text({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${required.replace(/ is required$/, '')} must be text`) });

export const emailSchema = requiredText(authMessages.emailRequired)
  .max(EMAIL_MAX_LENGTH + 20, { error: authMessages.emailInvalid })
  .refine((value) => value.trim() !== '', { error: authMessages.emailRequired, abort: true })
  .refine(isValidEmail, { error: authMessages.emailInvalid })
  .transform(normaliseEmail);

export const passwordSchema = requiredText(authMessages.passwordRequired)
  .min(1, { error: authMessages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong });

export const nameSchema = requiredText(authMessages.nameRequired)
  .trim()
  .min(1, { error: authMessages.nameRequired })
  .max(NAME_MAX_LENGTH, { error: authMessages.nameTooLong });

const shortText = (field: string, max: number) =>
  text({ error: `${field} must be text` }).trim().max(max, { error: `${field} must be at most ${max} characters` });

export const registerPreferencesSchema = z
  .object({
    favoriteScents: z.array(shortText('favoriteScents', 50), { error: 'favoriteScents must be a list' }).max(20).default([]),
    intensityPreference: shortText('intensityPreference', 50).default(''),
    budgetRange: shortText('budgetRange', 50).default(''),
    /** Only a box the shopper ticks gives it (DPDP Act 2023 s.6(1)); absent is no. */
    newsletter: z.boolean({ error: 'preferences.newsletter must be true or false' }).default(false),
  })
  .default({ favoriteScents: [], intensityPreference: '', budgetRange: '', newsletter: false });

export const registerBodySchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: requiredText(authMessages.confirmRequired).min(1, { error: authMessages.confirmRequired }).max(PASSWORD_MAX_LENGTH),
    birthSign: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.enum(BIRTH_SIGNS, { error: 'birthSign must be one of the twelve zodiac signs' }).optional(),
    ),
    preferences: registerPreferencesSchema,
  })
  .refine((body) => body.password === body.confirmPassword, { error: authMessages.passwordsDiffer, path: ['confirmPassword'] });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  // Sign-in checks only presence: a rule added later must not lock out passwords made before it.
  password: requiredText(authMessages.passwordRequired).min(1, { error: authMessages.passwordRequired }).max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const profilePreferencesSchema = z.object({
  newsletter: z.boolean({ error: 'preferences.newsletter must be true or false' }),
  smsNotifications: z.boolean({ error: 'preferences.smsNotifications must be true or false' }),
  orderUpdates: z.boolean({ error: 'preferences.orderUpdates must be true or false' }),
});

export const updateProfileBodySchema = z.object({
  name: nameSchema,
  /** A new sign-in address; refused with 409 when another account has it. */
  email: emailSchema.optional(),
  /** Needed only to change the sign-in address: a session left open on a shared computer cannot take the account. */
  currentPassword: text({ error: 'currentPassword must be text' }).max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }).optional(),
  // Optional on the profile, but when given an Indian mobile (domain/phone.ts), kept as '+91 98765 43210'.
  phone: text({ error: 'phone must be text' })
    .trim()
    .refine((value) => !phoneProblem(value, { required: false }), { error: phoneMessages.invalid })
    .transform((value) => (value ? displayMobile(value) : ''))
    .optional(),
  address: shortText('address', 500).optional(),
  favoriteIngredient: shortText('favoriteIngredient', 100).optional(),
  preferences: profilePreferencesSchema.partial().optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: requiredText('Current password is required').min(1, { error: 'Current password is required' }).max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    confirmPassword: requiredText(authMessages.confirmRequired).min(1, { error: authMessages.confirmRequired }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { error: authMessages.passwordsDiffer, path: ['confirmPassword'] });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const userSchema = z.object({
  _id: text(),
  id: text(),
  name: text(),
  email: text(),
  /** Whether the owner has followed a verification link sent to `email`. */
  emailVerified: z.boolean(),
  /** Whether `phone` was proven by a texted sign-in code. */
  phoneVerified: z.boolean(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  /** The loyalty level's name, from money spent on paid orders. */
  mysticLevel: text(),
  level: levelSchema,
  joinDate: text(),
  /** How many orders the customer has placed. */
  orders: z.number().int(),
  birthSign: text().nullable(),
  phone: text(),
  address: text(),
  favoriteIngredient: text(),
  preferences: z.object({
    newsletter: z.boolean(),
    smsNotifications: z.boolean(),
    orderUpdates: z.boolean(),
    favoriteScents: z.array(text()),
    intensityPreference: text(),
    budgetRange: text(),
  }),
});
export type User = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({ success: z.literal(true), token: text(), user: userSchema, message: text() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
/** A first factor proven on an account with two-factor sign-in: the code step's challenge, good for ten minutes. */
export const secondFactorNeededSchema = z.object({ success: z.literal(true), twoFactor: z.literal('code'), challenge: text(), message: text() });
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededSchema>;
export const loginResponseSchema = z.union([sessionResponseSchema, secondFactorNeededSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const meResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
/** A saved profile: the user as now stored, and what changed (a new e-mail address is sent a link). */
export const profileUpdateResponseSchema = meResponseSchema.extend({ message: text() });
export { messageResponseSchema, type MessageResponse } from './api.ts';

export const adminLoginBodySchema = loginBodySchema;
export const adminIdentitySchema = z.object({
  name: text(),
  role: z.literal('admin'),
  email: text(),
  /** The staff role's key ('owner', 'fulfilment', …) and name, and what it may do (docs/decisions/0062). */
  staffRole: text(),
  roleName: text(),
  permissions: z.array(text()),
});
export type AdminIdentity = z.infer<typeof adminIdentitySchema>;
/**
 * A correct password either signs in, or, for staff with a second factor (or who must enrol one), answers with a
 * short-lived challenge for the next step: `code` (POST /api/admin/login/second-factor) or `enrol`
 * (POST /api/admin/login/enrolment).
 */
export const adminLoginResponseSchema = z.union([
  z.object({ success: z.literal(true), admin: adminIdentitySchema, token: text(), message: text() }),
  z.object({ success: z.literal(true), twoFactor: z.enum(['code', 'enrol']), challenge: text(), message: text() }),
]);
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;
export const adminMeResponseSchema = z.object({ success: z.literal(true), admin: adminIdentitySchema });
/** The demo admin's sign-in, printed on /admin/login in demo mode only; null otherwise. */
export const demoAdminResponseSchema = z.object({ success: z.literal(true), demo: z.object({ email: text(), password: text() }).nullable() });
export type DemoAdminResponse = z.infer<typeof demoAdminResponseSchema>;
