import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  serviceabilityQuerySchema,
  shippingHolidayInputSchema,
  shippingHolidayParamsSchema,
  shippingZoneInputSchema,
  shippingZoneParamsSchema,
} from '../../../contracts/shipping.ts';
import type { ShippingService } from './shipping-service.ts';

/** `GET /api/shipping/serviceability`: the PIN box's answer, for anyone. */
export const shippingRoutes =
  (service: ShippingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/shipping/serviceability', { schema: { querystring: serviceabilityQuerySchema } }, async (request) => ({
      success: true as const,
      ...(await service.promise(request.query.pincode)),
    }));
  };

/** Zones and holidays for the back office; mounted under /api/admin, where every route is for admins only. */
export const shippingAdminRoutes =
  (service: ShippingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/shipping', async () => ({ success: true as const, ...(await service.list()) }));

    app.post('/admin/shipping/zones', { schema: { body: shippingZoneInputSchema } }, async (request, reply) => {
      const zone = await service.createZone(request.user!.id, request.body);
      return reply.status(201).send({ success: true, message: 'Shipping zone added', zone });
    });

    app.put('/admin/shipping/zones/:id', { schema: { params: shippingZoneParamsSchema, body: shippingZoneInputSchema } }, async (request) => {
      const zone = await service.updateZone(request.user!.id, request.params.id, request.body);
      return { success: true as const, message: 'Shipping zone saved', zone };
    });

    app.delete('/admin/shipping/zones/:id', { schema: { params: shippingZoneParamsSchema } }, async (request) => {
      await service.removeZone(request.user!.id, request.params.id);
      return { success: true as const, message: 'Shipping zone deleted' };
    });

    app.post('/admin/shipping/holidays', { schema: { body: shippingHolidayInputSchema } }, async (request, reply) => {
      const holiday = await service.addHoliday(request.user!.id, request.body);
      return reply.status(201).send({ success: true, message: 'Holiday added', holiday });
    });

    app.delete('/admin/shipping/holidays/:day', { schema: { params: shippingHolidayParamsSchema } }, async (request) => {
      await service.removeHoliday(request.user!.id, request.params.day);
      return { success: true as const, message: 'Holiday removed' };
    });
  };
