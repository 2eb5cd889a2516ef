import { z } from 'zod';
import { text } from './fields.ts';
import { type ROLES, USER_STATUSES } from '../domain/accounts.ts';

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

export interface AdminUserRecord {
  _id: string;
  id: string;
  name: string;
  email: string;
  role: (typeof ROLES)[number];
  status: (typeof USER_STATUSES)[number];
  joinDate: string;
  createdAt: string;
  registeredAt: string;
  lastLogin: string | null;
  totalOrders: number;
  /** Rupees with two decimals. */
  totalSpent: number;
}

export interface AdminUserActivity {
  id: string;
  action: string;
  date: string;
  value: string | null;
}

export interface AdminUserListResponse {
  success: true;
  users: AdminUserRecord[];
  pagination: { page: number; limit: number; total: number; pages: number };
  stats: { total: number; active: number; inactive: number; banned: number };
}

export interface AdminUserDetailResponse {
  success: true;
  user: AdminUserRecord & { phone: string; address: string; recentActivity: AdminUserActivity[] };
}
