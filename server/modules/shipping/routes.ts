import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminShippingResponseSchema,
  serviceabilityQuerySchema,
  serviceabilityResponseSchema,
  shippingHolidayResponseSchema,
  shippingZoneResponseSchema,
  shippingHolidayInputSchema,
  shippingHolidayParamsSchema,
  shippingZoneInputSchema,
  shippingZoneParamsSchema,
} from '../../../contracts/shipping.ts';
import { messageResponseSchema } from '../../../contracts/api.ts';
import type { ShippingService } from './shipping-service.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** `GET /api/shipping/serviceability`: the PIN box's answer, for anyone. */
export const shippingRoutes =
  (service: ShippingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/shipping/serviceability', { schema: { querystring: serviceabilityQuerySchema, response: { 200: serviceabilityResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await service.promise(request.query.pincode)),
    }));
  };

/** Zones and holidays for the back office; mounted under /api/admin, where every route is for admins only. */
export const shippingAdminRoutes =
  (service: ShippingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/shipping', { onRequest: requirePermission('settings.write'), schema: { response: { 200: adminShippingResponseSchema } } }, async () => ({ success: true as const, ...(await service.list()) }));

    app.post('/admin/shipping/zones', { onRequest: requirePermission('settings.write'), schema: { body: shippingZoneInputSchema, response: { 201: shippingZoneResponseSchema } } }, async (request, reply) => {
      const zone = await service.createZone(request.user!.id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Shipping zone added', zone });
    });

    app.put('/admin/shipping/zones/:id', { onRequest: requirePermission('settings.write'), schema: { params: shippingZoneParamsSchema, body: shippingZoneInputSchema, response: { 200: shippingZoneResponseSchema } } }, async (request) => {
      const zone = await service.updateZone(request.user!.id, request.params.id, request.body);
      return { success: true as const, message: 'Shipping zone saved', zone };
    });

    app.delete('/admin/shipping/zones/:id', { onRequest: requirePermission('settings.write'), schema: { params: shippingZoneParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await service.removeZone(request.user!.id, request.params.id);
      return { success: true as const, message: 'Shipping zone deleted' };
    });

    app.post('/admin/shipping/holidays', { onRequest: requirePermission('settings.write'), schema: { body: shippingHolidayInputSchema, response: { 201: shippingHolidayResponseSchema } } }, async (request, reply) => {
      const holiday = await service.addHoliday(request.user!.id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Holiday added', holiday });
    });

    app.delete('/admin/shipping/holidays/:day', { onRequest: requirePermission('settings.write'), schema: { params: shippingHolidayParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await service.removeHoliday(request.user!.id, request.params.day);
      return { success: true as const, message: 'Holiday removed' };
    });
  };
