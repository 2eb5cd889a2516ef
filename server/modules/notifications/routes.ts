import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createNotificationBodySchema, notificationIdParamsSchema, notificationListQuerySchema } from '../../../contracts/notifications.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
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
      const guard = base === '/notifications' ? { onRequest: requireCustomer } : {};

      app.get(base, { ...guard, schema: { querystring: notificationListQuerySchema } }, async (request) => ({
        success: true,
        ...(await notifications.list(request.user!.id, request.query)),
      }));

      app.get(`${base}/stream`, guard, (request, reply) => openNotificationStream(request, reply, deps));

      app.put(`${base}/mark-all-read`, guard, async (request) => {
        const updated = await notifications.markAllRead(request.user!.id);
        return { success: true, updated, unreadCount: 0, message: 'All notifications marked as read' };
      });

      app.put(`${base}/:id/read`, { ...guard, schema: { params: notificationIdParamsSchema } }, async (request) => {
        const notification = await notifications.markRead(request.user!.id, request.params.id);
        return { success: true, notification, unreadCount: await notifications.unreadCount(request.user!.id) };
      });

      app.delete(`${base}/:id`, { ...guard, schema: { params: notificationIdParamsSchema } }, async (request) => {
        await notifications.delete(request.user!.id, request.params.id);
        return { success: true, message: 'Notification deleted', unreadCount: await notifications.unreadCount(request.user!.id) };
      });

      app.delete(base, guard, async (request) => {
        const deleted = await notifications.deleteRead(request.user!.id);
        return { success: true, deleted, message: 'Read notifications deleted' };
      });
    }

    app.post('/admin/notifications', { schema: { body: createNotificationBodySchema } }, async (request, reply) => {
      const created = await notifications.sendAsAdmin(request.user!.id, request.body);
      return reply.status(201).send({ success: true, notifications: created, message: 'Notification created' });
    });
  };
