import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { AddressLimit } from '../../http/address-limit.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { Offers } from '../cart/cart-pricing.ts';
import { promotionAdminRoutes } from './admin-routes.ts';
import { festivalAdminRoutes } from './festival-admin-routes.ts';
import { FestivalAdminService } from './festival-admin-service.ts';
import { festivalRoutes } from './festival-routes.ts';
import { FestivalService } from './festival-service.ts';
import { PromotionAdminService } from './promotion-admin-service.ts';
import { PromotionService } from './promotion-service.ts';

export interface PromotionsModuleDeps {
  db: Database;
  clock: () => Date;
  /** How long live promotions are kept in memory (CATALOGUE_CACHE_TTL_MS), and how a change is told to every process. */
  cache: { ttlMs: number; announce?: () => void };
}

/** What the routes need from the edge: the coupon check's allowance per address, and the cart that checks codes. */
export interface PromotionsRouteDeps {
  couponCheckLimit: AddressLimit;
  cart: Pick<CartService, 'checkCode'>;
}

/**
 * Offers: automatic and code-based promotions, and the festivals whose coupons are code-based promotions
 * underneath (docs/decisions/0049), with the back office's screens for both.
 */
export function createPromotionsModule({ db, clock, cache }: PromotionsModuleDeps) {
  const festivals = new FestivalService(db);
  const promotions = new PromotionService(db, cache);
  const offers: Offers = { festivals, promotions };
  const promotionAdmin = new PromotionAdminService(db, offers, clock);
  const festivalAdmin = new FestivalAdminService(db, clock);
  const routes =
    ({ couponCheckLimit, cart }: PromotionsRouteDeps): FastifyPluginAsyncZod =>
    async (api) => {
      await api.register(festivalRoutes(festivals, clock, couponCheckLimit, cart));
      await api.register(festivalAdminRoutes(festivalAdmin));
      await api.register(promotionAdminRoutes(promotionAdmin));
    };
  return { festivals, promotions, offers, promotionAdmin, festivalAdmin, routes };
}

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
