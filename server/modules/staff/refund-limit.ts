import type { FastifyRequest } from 'fastify';
import { formatPaise, rupeesToPaise } from '../../../domain/money.ts';
import { refundNeeds } from '../../../domain/staff-roles.ts';
import { HttpError } from '../../http/errors.ts';
import type { StaffSettings } from './staff-settings.ts';

/** Checks a refund's amount against the caller's role before any money moves. */
export type RefundLimit = (request: FastifyRequest, amountRupees: number) => Promise<void>;

/**
 * Support may refund up to the owner's limit; a larger refund needs refunds.unlimited (a manager or the owner),
 * so one support account cannot return a day's takings (docs/decisions/0062). 403 naming the permission.
 */
export const refundLimitOf =
  (settings: StaffSettings): RefundLimit =>
  async (request, amountRupees) => {
    const staff = request.user?.staff;
    if (!staff) return;
    const amountPaise = rupeesToPaise(amountRupees);
    const { supportRefundLimitPaise } = await settings.current();
    const missing = refundNeeds(amountPaise, supportRefundLimitPaise).find((permission) => !staff.permissions.includes(permission));
    if (!missing) return;
    throw new HttpError(
      403,
      `A refund of ${formatPaise(amountPaise)} is above the support limit of ${formatPaise(supportRefundLimitPaise)}: it needs the permission ${missing} (a manager or the owner)`,
      [{ field: 'permission', message: missing }],
    );
  };
