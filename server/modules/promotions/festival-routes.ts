import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeFestivalsResponseSchema, validateCouponResponseSchema } from '../../../contracts/festivals.ts';
import { validateCodeBodySchema } from '../../../contracts/cart.ts';
import type { CartService } from '../cart/cart-service.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import { HttpError } from '../../http/errors.ts';
import type { FestivalService } from './festival-service.ts';
import type { AddressLimit } from '../../http/address-limit.ts';

export const festivalRoutes =
  (festivalService: FestivalService, clock: () => Date, couponCheckLimit: AddressLimit, codes: Pick<CartService, 'checkCode'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/festivals/active', { schema: { response: { 200: activeFestivalsResponseSchema } } }, async () => ({ success: true as const, festivals: await festivalService.active(clock()) }));

    app.post('/coupons/validate', { schema: { body: validateCodeBodySchema, response: { 200: validateCouponResponseSchema } } }, async (request) => {
      await couponCheckLimit(request.ip);
      const { couponCode, orderAmount, items } = request.body;
      const check = await codes.checkCode(couponCode, rupeesToPaise(orderAmount), items, request.user?.id);
      if (!check.ok) throw new HttpError(check.status, check.message, [{ field: 'couponCode', message: check.message }]);
      return { success: true as const, coupon: check.coupon, message: `${check.coupon.name} applied` };
    });
  };
