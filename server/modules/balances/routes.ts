import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminGiftCardResponseSchema,
  adminGiftCardsResponseSchema,
  giftCardCheckBodySchema,
  giftCardCheckResponseSchema,
  giftCardIdParamsSchema,
  giftCardLookupQuerySchema,
  grantStoreCreditBodySchema,
  grantStoreCreditResponseSchema,
  issueGiftCardBodySchema,
  issueGiftCardResponseSchema,
  myBalancesResponseSchema,
  voidGiftCardBodySchema,
} from '../../../contracts/balances.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import type { BalanceService } from './balance-service.ts';

/** Gift card codes one account and one address may try: every check, and every checkout that names codes. */
export type GiftCardTries = (userId: string, address: string) => Promise<void>;

/** The shopper's side: a card's balance for its code, and their own store credit. */
export const balanceRoutes =
  (service: BalanceService, tries: GiftCardTries): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/gift-cards/check',
      { onRequest: requireCustomer, schema: { body: giftCardCheckBodySchema, response: { 200: giftCardCheckResponseSchema } }, preHandler: async (request) => tries(request.user!.id, request.ip) },
      async (request) => ({ success: true as const, giftCard: await service.check(request.body.code) }),
    );

    app.get('/balances', { onRequest: requireCustomer, schema: { response: { 200: myBalancesResponseSchema } } }, async (request) => ({ success: true as const, ...(await service.mine(request.user!.id)) }));
  };

/** The back office's side, under /api/admin, each route with the permission it needs: issue, look up and void cards, grant credit. */
export const balanceAdminRoutes =
  (service: BalanceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/admin/gift-cards', { onRequest: requirePermission('balances.manage'), schema: { body: issueGiftCardBodySchema, response: { 201: issueGiftCardResponseSchema } } }, async (request, reply) => {
      const issued = await service.issue(request.user!, request.body);
      return reply.status(201).send({ success: true as const, ...issued });
    });

    app.get('/admin/gift-cards', { onRequest: requirePermission('customers.read'), schema: { querystring: giftCardLookupQuerySchema, response: { 200: adminGiftCardsResponseSchema } } }, async (request) => ({
      success: true as const,
      giftCards: await service.lookup(request.query),
    }));

    app.post('/admin/gift-cards/:id/void', { onRequest: requirePermission('balances.manage'), schema: { params: giftCardIdParamsSchema, body: voidGiftCardBodySchema, response: { 200: adminGiftCardResponseSchema } } }, async (request) => ({
      success: true as const,
      giftCard: await service.void(request.user!, request.params.id, request.body.reason),
    }));

    app.post('/admin/store-credit', { onRequest: requirePermission('balances.manage'), schema: { body: grantStoreCreditBodySchema, response: { 200: grantStoreCreditResponseSchema } } }, async (request) => ({
      success: true as const,
      balance: paiseToRupees(await service.grant(request.user!, request.body.email, request.body.amount * 100, request.body.reason)),
    }));
  };
