import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentResponse } from '../../http/openapi.ts';
import {
  createNotificationBodySchema,
  markAllReadResponseSchema,
  markReadResponseSchema,
  notificationDeletedResponseSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationsCreatedResponseSchema,
  readNotificationsDeletedResponseSchema,
} from '../../../contracts/notifications.ts';
import { requireCustomer, requirePermission, requireStaff } from '../accounts/auth-plugin.ts';
import { openNotificationStream, type StreamDeps } from './notification-stream.ts';

/**
 * The same inbox API twice: for customers under /api/notifications and for admins under /api/admin/notifications
 * (which the auth plugin makes admin-only). Everyone only ever sees their own rows.
 */
export const notificationRoutes =
  (deps: StreamDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { notifications } = deps;
    for (const base of ['/notifications', '/admin/notifications']) {
      const guard = { onRequest: base === '/notifications' ? requireCustomer : requireStaff };

      app.get(base, { ...guard, schema: { querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema } } }, async (request) => ({
        success: true as const,
        ...(await notifications.list(request.user!.id, request.query)),
      }));

      app.get(`${base}/stream`, { ...guard, schema: { response: { 200: contentResponse('text/event-stream', 'New notifications as server-sent events, each with the unread count after it') } } }, (request, reply) => openNotificationStream(request, reply, deps));

      app.put(`${base}/mark-all-read`, { ...guard, schema: { response: { 200: markAllReadResponseSchema } } }, async (request) => {
        const updated = await notifications.markAllRead(request.user!.id);
        return { success: true as const, updated, unreadCount: 0, message: 'All notifications marked as read' };
      });

      app.put(`${base}/:id/read`, { ...guard, schema: { params: notificationIdParamsSchema, response: { 200: markReadResponseSchema } } }, async (request) => {
        const notification = await notifications.markRead(request.user!.id, request.params.id);
        return { success: true as const, notification, unreadCount: await notifications.unreadCount(request.user!.id) };
      });

      app.delete(`${base}/:id`, { ...guard, schema: { params: notificationIdParamsSchema, response: { 200: notificationDeletedResponseSchema } } }, async (request) => {
        await notifications.delete(request.user!.id, request.params.id);
        return { success: true as const, message: 'Notification deleted', unreadCount: await notifications.unreadCount(request.user!.id) };
      });

      app.delete(base, { ...guard, schema: { response: { 200: readNotificationsDeletedResponseSchema } } }, async (request) => {
        const deleted = await notifications.deleteRead(request.user!.id);
        return { success: true as const, deleted, message: 'Read notifications deleted' };
      });
    }

    app.post('/admin/notifications', { onRequest: requirePermission('notifications.send'), schema: { body: createNotificationBodySchema, response: { 201: notificationsCreatedResponseSchema } } }, async (request, reply) => {
      const created = await notifications.sendAsAdmin(request.user!.id, request.body);
      return reply.status(201).send({ success: true as const, notifications: created, message: 'Notification created' });
    });
  };
