import { z } from 'zod';
import { text } from './fields.ts';
import { adminIdentitySchema, emailSchema, passwordSchema } from './auth.ts';
import { isPermission, PERMISSION_NAMES } from '../domain/staff-roles.ts';

/** The back office's staff, roles and two-factor sign-in (docs/decisions/0062, 0063). */

const challenge = text({ error: 'challenge is required' }).min(20, { error: 'challenge is not valid' }).max(100, { error: 'challenge is not valid' });
const code = text({ error: 'code is required' })
  .trim()
  .min(6, { error: 'code must be the 6 digits your app shows, or a recovery code' })
  .max(20, { error: 'code must be the 6 digits your app shows, or a recovery code' });
const sixDigits = text({ error: 'code is required' })
  .trim()
  .regex(/^\d{6}$/, { error: 'code must be the 6 digits your app shows' });

export const secondFactorBodySchema = z.object({ challenge, code });
export const enrolmentBodySchema = z.object({ challenge });
export const enrolmentConfirmBodySchema = z.object({ challenge, code: sixDigits });
export const ownEnrolmentConfirmBodySchema = z.object({ code: sixDigits });

export const enrolmentResponseSchema = z.object({
  success: z.literal(true),
  /** Base32, for typing into an app by hand. */
  secret: text(),
  uri: text(),
  qrSvg: text(),
});
export type EnrolmentResponse = z.infer<typeof enrolmentResponseSchema>;

export const signedInWithRecoveryCodesSchema = z.object({
  success: z.literal(true),
  admin: adminIdentitySchema,
  token: text(),
  /** Shown this once: each works once in place of a code. */
  recoveryCodes: z.array(text()),
  message: text(),
});
export const recoveryCodesResponseSchema = z.object({ success: z.literal(true), recoveryCodes: z.array(text()), message: text() });

/** A customer's own two-factor sign-in, in the profile (docs/decisions/0071). */
export const twoFactorStatusResponseSchema = z.object({ success: z.literal(true), enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;
export const turnOffTwoFactorBodySchema = z.object({
  password: text({ error: 'password is required' }).min(1, { error: 'password is required' }).max(200, { error: 'password is not valid' }),
  code,
});
export type TurnOffTwoFactorBody = z.infer<typeof turnOffTwoFactorBodySchema>;

const permissionSchema = text().refine(isPermission, { error: `permission must be one of ${PERMISSION_NAMES.join(', ')}` });
const roleKey = text({ error: 'role is required' }).trim().min(1, { error: 'role is required' }).max(40, { error: 'role must be at most 40 characters' });

export const staffRoleSchema = z.object({ key: text(), name: text(), permissions: z.array(text()), builtIn: z.boolean() });
export const staffMemberSchema = z.object({
  id: text(),
  name: text(),
  email: text(),
  role: text(),
  roleName: text(),
  status: z.enum(['active', 'inactive', 'banned']),
  lastLoginAt: text().nullable(),
  twoFactor: z.boolean(),
  invitedAt: text().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const pendingInvitationSchema = z.object({ email: text(), name: text(), role: text(), expiresAt: text() });

export const staffSettingsSchema = z.object({
  requireTwoFactor: z.boolean(),
  /** In rupees, as every amount in the API. */
  supportRefundLimit: z.number(),
});
export type StaffSettingsDto = z.infer<typeof staffSettingsSchema>;

export const staffOverviewResponseSchema = z.object({
  success: z.literal(true),
  staff: z.array(staffMemberSchema),
  invitations: z.array(pendingInvitationSchema),
  roles: z.array(staffRoleSchema),
  permissions: z.array(z.object({ name: text(), description: text() })),
  settings: staffSettingsSchema,
});
export type StaffOverviewResponse = z.infer<typeof staffOverviewResponseSchema>;

export const staffIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a staff member id' }) });

export const inviteStaffBodySchema = z.object({
  email: emailSchema,
  name: text({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(100, { error: 'name must be at most 100 characters' }),
  role: roleKey,
});
export const staffRoleBodySchema = z.object({ role: roleKey });
export const staffStatusBodySchema = z.object({ status: z.enum(['active', 'suspended'], { error: 'status must be active or suspended' }) });

export const createRoleBodySchema = z.object({
  key: text({ error: 'key is required' })
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,39}$/, { error: 'key must be 2–40 lower-case letters, digits or hyphens, starting with a letter' }),
  name: text({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(60, { error: 'name must be at most 60 characters' }),
  permissions: z.array(permissionSchema, { error: 'permissions must be a list' }).min(1, { error: 'permissions must name at least one' }),
});

export const staffSettingsBodySchema = z
  .object({
    requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }).optional(),
    supportRefundLimit: z.number({ error: 'supportRefundLimit must be a number of rupees' }).min(0, { error: 'supportRefundLimit must be 0 or more' }).max(10_000_000, { error: 'supportRefundLimit is too large' }).optional(),
  })
  .refine((body) => body.requireTwoFactor !== undefined || body.supportRefundLimit !== undefined, { error: 'Nothing to change', path: ['requireTwoFactor'] });

export const staffMemberResponseSchema = z.object({ success: z.literal(true), member: staffMemberSchema, message: text() });
export const staffRoleResponseSchema = z.object({ success: z.literal(true), role: staffRoleSchema, message: text() });
export const staffSettingsResponseSchema = z.object({ success: z.literal(true), settings: staffSettingsSchema, message: text() });
export const invitationResponseSchema = z.object({ success: z.literal(true), invitation: pendingInvitationSchema, message: text() });

export const invitationTokenBodySchema = z.object({ token: text({ error: 'token is required' }).min(20, { error: 'token is not valid' }).max(100, { error: 'token is not valid' }) });
export const openInvitationResponseSchema = z.object({ success: z.literal(true), invitation: z.object({ email: text(), name: text(), roleName: text(), expiresAt: text() }) });
/** Accepting sets the password; the answer is the enrolment challenge (the second factor comes next). */
export const acceptInvitationBodySchema = z.object({
  token: invitationTokenBodySchema.shape.token,
  // Staff hold the shop's keys: ten characters at least, as for the configured admin.
  password: passwordSchema.refine((password) => password.length >= 10, { error: 'Password must be at least 10 characters' }),
});
export const acceptInvitationResponseSchema = z.object({ success: z.literal(true), twoFactor: z.literal('enrol'), challenge: text(), message: text() });
