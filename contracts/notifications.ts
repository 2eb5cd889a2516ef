import { z } from 'zod';
import { text } from './fields.ts';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../domain/notifications.ts';

export const NOTIFICATION_PAGE_MAX = 100;

const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .transform((value) => value === 'true')
    .optional();

export const notificationListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be 1 or more' }).max(10_000).default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be 1 or more' })
    .max(NOTIFICATION_PAGE_MAX, { error: `limit must be at most ${NOTIFICATION_PAGE_MAX}` })
    .default(20),
  unreadOnly: flag('unreadOnly'),
  type: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(NOTIFICATION_TYPES, { error: `type must be one of ${NOTIFICATION_TYPES.join(', ')}` }).optional(),
  ),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;
export type NotificationListFilter = z.output<typeof notificationListQuerySchema>;

export const notificationIdParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a notification id' }),
});

const actionUrlSchema = text({ error: 'actionUrl must be text' })
  .trim()
  .max(300, { error: 'actionUrl must be at most 300 characters' })
  // Only paths inside the shop: a notification must never send someone to another site.
  .regex(/^\/(?!\/)[^\s]*$/, { error: 'actionUrl must be a path inside the shop, such as /orders' });

export const createNotificationBodySchema = z.object({
  /** A customer to notify; without it the notification goes to every admin. */
  userId: z.uuid({ error: 'userId must be a user id' }).optional(),
  type: z.enum(NOTIFICATION_TYPES, { error: `type must be one of ${NOTIFICATION_TYPES.join(', ')}` }).default('system'),
  priority: z.enum(NOTIFICATION_PRIORITIES, { error: `priority must be one of ${NOTIFICATION_PRIORITIES.join(', ')}` }).default('medium'),
  title: text({ error: 'title is required' }).trim().min(1, { error: 'title is required' }).max(200, { error: 'title must be at most 200 characters' }),
  message: text({ error: 'message is required' }).trim().min(1, { error: 'message is required' }).max(2000, { error: 'message must be at most 2000 characters' }),
  actionUrl: actionUrlSchema.optional(),
});
export type CreateNotificationBody = z.input<typeof createNotificationBodySchema>;

export const notificationSchema = z.object({
  _id: text(),
  id: text(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  title: text(),
  message: text(),
  read: z.boolean(),
  createdAt: text(),
  timestamp: text(),
  actionUrl: text().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() }),
  unreadCount: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

const unreadCount = z.number().int();
export const markAllReadResponseSchema = z.object({ success: z.literal(true), updated: z.number().int(), unreadCount, message: z.string() });
export const markReadResponseSchema = z.object({ success: z.literal(true), notification: notificationSchema, unreadCount });
export const notificationDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string(), unreadCount });
export const readNotificationsDeletedResponseSchema = z.object({ success: z.literal(true), deleted: z.number().int(), message: z.string() });
/** What an admin sent: one notification, or one per admin when no customer was named. */
export const notificationsCreatedResponseSchema = z.object({ success: z.literal(true), notifications: z.array(notificationSchema), message: z.string() });

/** What the live stream sends: one event per new notification, and the unread count after it. */
export interface NotificationStreamEvent {
  notification: Notification;
  unreadCount: number;
}
