import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '../../../contracts/orders.ts';
import {
  bulkShipmentBodySchema,
  bulkShipmentResponseSchema,
  courierWebhookResponseSchema,
  createShipmentBodySchema,
  ndrDecisionBodySchema,
  orderShipmentParamsSchema,
  queuedResponseSchema,
  readyToShipResponseSchema,
  shipmentIdsBodySchema,
  shipmentListResponseSchema,
  shipmentParamsSchema,
  shipmentQueueQuerySchema,
  shipmentResponseSchema,
  shipmentStatusBodySchema,
} from '../../../contracts/shipments.ts';
import { contentResponse } from '../../http/openapi.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import type { CourierWebhook } from './courier-webhook.ts';
import type { ShipmentService } from './shipment-service.ts';

/**
 * Shiprocket's tracking webhook, at two addresses: the one named for it, and one its panel accepts (Shiprocket
 * refuses webhook URLs containing 'shiprocket' or 'sr'). Any body is taken: a malformed one is answered 200.
 */
export const courierWebhookRoutes =
  (webhook: CourierWebhook): FastifyPluginAsyncZod =>
  async (app) => {
    for (const url of ['/shipping/shiprocket/webhook', '/shipping/courier-updates']) {
      app.post(url, {
        schema: {
          description: "Shiprocket's tracking event; `x-api-key` must be the token set beside the webhook in Shiprocket's panel (SHIPROCKET_WEBHOOK_TOKEN).",
          response: { 200: courierWebhookResponseSchema },
        },
      }, async (request) => {
        const header = request.headers['x-api-key'];
        const outcome = await webhook.receive(Array.isArray(header) ? header[0] : header, request.body);
        return { success: true as const, outcome };
      });
    }
  };

/** An order's parcels and the customer's answer to a failed delivery. */
export const shipmentRoutes =
  (service: ShipmentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/orders/:orderId/shipments', { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, response: { 200: shipmentListResponseSchema } } }, async (request) => ({
      success: true as const,
      shipments: await service.ofOrder(request.user!, request.params.orderId),
    }));

    app.post(
      '/orders/:orderId/shipments/:shipmentId/ndr',
      { onRequest: requireCustomer, schema: { params: orderShipmentParamsSchema, body: ndrDecisionBodySchema, response: { 200: shipmentResponseSchema } } },
      async (request) => {
        const user = request.user!;
        const shipment = await service.decideNdr({ actor: user, customer: { userId: user.id, orderRef: request.params.orderId } }, request.params.shipmentId, request.body);
        return { success: true as const, shipment };
      },
    );
  };

/** The dispatch desk; mounted under /api/admin, where every route is for admins only. */
export const shipmentAdminRoutes =
  (service: ShipmentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/shipments', { onRequest: requirePermission('orders.read'), schema: { querystring: shipmentQueueQuerySchema, response: { 200: readyToShipResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await service.queue(request.query.queue)),
    }));

    app.post('/admin/shipments', { onRequest: requirePermission('orders.fulfil'), schema: { body: bulkShipmentBodySchema, response: { 200: bulkShipmentResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await service.createMany(request.user!, request.body.orderIds)),
    }));

    app.post('/admin/orders/:orderId/shipments', { onRequest: requirePermission('orders.fulfil'), schema: { params: orderIdParamsSchema, body: createShipmentBodySchema, response: { 201: shipmentResponseSchema } } }, async (request, reply) => {
      const shipment = await service.create(request.user!, request.params.orderId, request.body);
      return reply.status(201).send({ success: true as const, shipment });
    });

    app.get('/admin/shipments/:shipmentId', { onRequest: requirePermission('orders.read'), schema: { params: shipmentParamsSchema, response: { 200: shipmentResponseSchema } } }, async (request) => ({
      success: true as const,
      shipment: await service.find(request.params.shipmentId),
    }));

    app.post('/admin/shipments/pickup', { onRequest: requirePermission('orders.fulfil'), schema: { body: shipmentIdsBodySchema, response: { 200: queuedResponseSchema } } }, async (request) => {
      const shipments = await service.schedulePickup(request.user!, request.body.shipmentIds);
      return { success: true as const, message: `Pickup requested for ${shipments.length} parcel${shipments.length === 1 ? '' : 's'}`, shipments };
    });

    const documents: [path: string, description: string, filename: string, make: (ids: number[]) => Promise<Buffer>][] = [
      ['labels', 'The parcels\' 4×6 in labels as one PDF: the courier\'s own where it booked them, else the shop\'s', 'labels', (ids) => service.labels(ids)],
      ['packing-slips', 'The packing slips that go inside the parcels (A4 or 4×6 in), as one PDF', 'packing-slips', (ids) => service.packingSlips(ids)],
      ['manifest', 'The pickup manifest of the parcels, as one PDF', 'manifest', (ids) => service.manifest(ids)],
    ];
    for (const [path, description, filename, make] of documents) {
      app.post(`/admin/shipments/${path}`, { onRequest: requirePermission('orders.fulfil'), schema: { body: shipmentIdsBodySchema, response: { 200: contentResponse('application/pdf', description) } } }, async (request, reply) => {
        const pdf = await make(request.body.shipmentIds);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${filename}-${request.body.shipmentIds.join('-').slice(0, 60)}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      });
    }

    app.post('/admin/shipments/:shipmentId/cancel', { onRequest: requirePermission('orders.fulfil'), schema: { params: shipmentParamsSchema, response: { 200: shipmentResponseSchema } } }, async (request) => ({
      success: true as const,
      shipment: await service.cancel(request.user!, request.params.shipmentId),
    }));

    app.put('/admin/shipments/:shipmentId/status', { onRequest: requirePermission('orders.fulfil'), schema: { params: shipmentParamsSchema, body: shipmentStatusBodySchema, response: { 200: shipmentResponseSchema } } }, async (request) => ({
      success: true as const,
      shipment: await service.setStatus(request.user!, request.params.shipmentId, request.body.status, request.body.note),
    }));

    app.post('/admin/shipments/:shipmentId/ndr', { onRequest: requirePermission('orders.fulfil'), schema: { params: shipmentParamsSchema, body: ndrDecisionBodySchema, response: { 200: shipmentResponseSchema } } }, async (request) => ({
      success: true as const,
      shipment: await service.decideNdr({ actor: request.user! }, request.params.shipmentId, request.body),
    }));
  };
