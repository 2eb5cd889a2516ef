import { z } from 'zod';
import { text } from './fields.ts';
import { ROLES, USER_STATUSES } from '../domain/accounts.ts';

export const ADMIN_USER_SORTS = ['newest', 'oldest', 'name', 'email', 'lastLogin'] as const;
export const ADMIN_USERS_PAGE_MAX = 100;

export const adminUserListQuerySchema = z.object({
  search: text({ error: 'search must be text' }).trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  status: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(', ')}` }).optional(),
  ),
  sort: z.enum(ADMIN_USER_SORTS, { error: `sort must be one of ${ADMIN_USER_SORTS.join(', ')}` }).default('newest'),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be 1 or more' }).max(10_000).default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be 1 or more' })
    .max(ADMIN_USERS_PAGE_MAX, { error: `limit must be at most ${ADMIN_USERS_PAGE_MAX}` })
    .default(ADMIN_USERS_PAGE_MAX),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a user id' }) });

export const updateUserStatusBodySchema = z.object({
  status: z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(', ')}` }),
});

export const adminUserRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  joinDate: z.string(),
  createdAt: z.string(),
  registeredAt: z.string(),
  lastLogin: z.string().nullable(),
  totalOrders: z.number().int(),
  /** Rupees with two decimals. */
  totalSpent: z.number(),
});
export type AdminUserRecord = z.infer<typeof adminUserRecordSchema>;

export const adminUserActivitySchema = z.object({ id: z.string(), action: z.string(), date: z.string(), value: z.string().nullable() });
export type AdminUserActivity = z.infer<typeof adminUserActivitySchema>;

export const adminUserListResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(adminUserRecordSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() }),
  stats: z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int(), banned: z.number().int() }),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

export const adminUserDetailSchema = adminUserRecordSchema.extend({ phone: z.string(), address: z.string(), recentActivity: z.array(adminUserActivitySchema) });
export const adminUserDetailResponseSchema = z.object({ success: z.literal(true), user: adminUserDetailSchema });
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponseSchema>;

/** A changed status: the user's record as now stored. */
export const adminUserStatusResponseSchema = z.object({ success: z.literal(true), user: adminUserRecordSchema, message: z.string() });
