import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ReturnActionBody } from '../../../contracts/returns.ts';
import { formatPaise, rupeesToPaise } from '../../../domain/money.ts';
import { refundNeeds, RETURN_ACTIONS_THAT_REFUND } from '../../../domain/staff-roles.ts';
import type { Database } from '../../db/client.ts';
import { offlineRefunds, orderReturns } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { StaffSettings } from './staff-settings.ts';

/** Checks a refund's amount against the caller's role before any money moves. */
export type RefundLimit = (request: FastifyRequest, amountRupees: number) => Promise<void>;
/** The same check for a return's action that moves its refund (receiving it, retrying it). */
export type ReturnRefundLimit = (request: FastifyRequest, returnId: number, action: ReturnActionBody['action']) => Promise<void>;
/** The same check for recording a transfer (a COD order's refund) as paid. */
export type OfflineRefundLimit = (request: FastifyRequest, refundId: number) => Promise<void>;

export interface RefundLimits {
  order: RefundLimit;
  ofReturn: ReturnRefundLimit;
  ofOfflineRefund: OfflineRefundLimit;
}

/**
 * Support may refund up to the owner's limit; a larger refund needs refunds.unlimited (a manager or the owner),
 * so one support account cannot return a day's takings (docs/decisions/0062). Every path that moves a refund
 * (an order's, a return's, a transfer recorded as paid) asks here first: 403 naming the permission, nothing written.
 * The route's own guard has already required the permission for the action; this adds what the amount needs.
 */
export function refundLimitsOf(db: Database, settings: StaffSettings): RefundLimits {
  const check = async (request: FastifyRequest, amountPaise: number) => {
    const staff = request.user?.staff;
    if (!staff) return;
    const { supportRefundLimitPaise } = await settings.current();
    const missing = refundNeeds(amountPaise, supportRefundLimitPaise).find((permission) => !staff.permissions.includes(permission));
    if (!missing) return;
    throw new HttpError(
      403,
      `A refund of ${formatPaise(amountPaise)} is above the support limit of ${formatPaise(supportRefundLimitPaise)}: it needs the permission ${missing} (a manager or the owner)`,
      [{ field: 'permission', message: missing }],
    );
  };
  return {
    order: (request, amountRupees) => check(request, rupeesToPaise(amountRupees)),
    // The amount is the one set when the return was requested, the most its refund can be; an unknown return is
    // left to the action itself to refuse (404).
    ofReturn: async (request, returnId, action) => {
      if (!RETURN_ACTIONS_THAT_REFUND.includes(action)) return;
      const [row] = await db.select({ refundPaise: orderReturns.refundPaise }).from(orderReturns).where(eq(orderReturns.id, returnId));
      if (row) await check(request, row.refundPaise);
    },
    // The whole refund recording it makes: the transfer and what goes back onto gift cards and store credit with it.
    ofOfflineRefund: async (request, refundId) => {
      const [row] = await db.select({ amountPaise: offlineRefunds.amountPaise, balancesPaise: offlineRefunds.balancesPaise }).from(offlineRefunds).where(eq(offlineRefunds.id, refundId));
      if (row) await check(request, row.amountPaise + row.balancesPaise);
    },
  };
}
