/**
 * Where a cash-on-delivery order stands for the people looking at it: the customer (confirm it, then pay the
 * courier), the back office (awaiting confirmation, collect the cash or take the parcel back) and the reports
 * (COD share, RTO rate). Read from the order's `cashOnDelivery` side and its status; the server decides the moves.
 */
import { formatShopDate } from './shop-clock.ts';

export const COD_PAYMENT_METHOD = 'cod';

/** The order's cash-on-delivery side, as contracts/orders.ts carries it. */
export interface CashOnDelivery {
  fee: number;
  /** The cash the courier collects: the total less what gift cards and store credit paid. */
  toCollect: number;
  confirmBy: string;
  confirmedAt: string | null;
  collectedAt: string | null;
  returnedToOriginAt: string | null;
}

export type CodStage = 'awaiting_confirmation' | 'confirmed' | 'collected' | 'returned' | 'cancelled';

interface CodOrder {
  status: string;
  cashOnDelivery: CashOnDelivery | null;
}

/** The stage of a COD order, or null for an order paid online. A collected or returned order has ended. */
export function codStage(order: CodOrder): CodStage | null {
  const cod = order.cashOnDelivery;
  if (!cod) return null;
  if (cod.collectedAt) return 'collected';
  if (cod.returnedToOriginAt) return 'returned';
  // Cancelled before the parcel reached the door: unconfirmed in time, or cancelled by the shop or the customer.
  if (order.status === 'cancelled') return 'cancelled';
  return cod.confirmedAt ? 'confirmed' : 'awaiting_confirmation';
}

/** The back office's name for each stage ('Awaiting confirmation' is what the list shows for unconfirmed orders). */
export const COD_STAGE_LABELS: Record<CodStage, string> = {
  awaiting_confirmation: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  collected: 'Cash collected',
  returned: 'Returned to origin',
  cancelled: 'Not collected',
};

/** Whether the customer may still confirm: unconfirmed, not cancelled, and up to the confirm-by time itself. */
export function canConfirm(order: CodOrder, now: Date): boolean {
  return codStage(order) === 'awaiting_confirmation' && Date.parse(order.cashOnDelivery!.confirmBy) >= now.getTime();
}

/** 'Confirm by 25 Nov 2026, 3:15 pm': the deadline on the shop's clock, wherever the shopper is. */
export function confirmByText(cod: Pick<CashOnDelivery, 'confirmBy'>): string {
  return `Confirm by ${formatShopDate(cod.confirmBy, 'dateTime')}`;
}

/** What the customer's order page says about the payment of a COD order at each stage. */
export function codPaymentText(order: CodOrder, rupees: (amount: number) => string): string {
  switch (codStage(order)) {
    case 'awaiting_confirmation':
      return `Awaiting your confirmation · ${confirmByText(order.cashOnDelivery!)}`;
    case 'confirmed':
      // Only the cash: what gift cards and store credit paid is never asked of the customer at the door.
      return `Confirmed · pay ${rupees(order.cashOnDelivery!.toCollect)} in cash when your potion arrives`;
    case 'collected':
      return 'Paid in cash';
    case 'returned':
      return 'Returned to the shop · nothing was collected';
    case 'cancelled':
      return 'Cancelled before delivery · nothing to pay';
    default:
      return '';
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Percent of the period's orders placed as cash on delivery, one decimal; 0 when there were none. */
export function codShare(codOrders: number, allOrders: number): number {
  return allOrders > 0 ? round1((codOrders / allOrders) * 100) : 0;
}

/**
 * Percent of COD orders returned to origin among those that reached an end at the door (collected or returned),
 * one decimal; 0 when none has. Orders cancelled before dispatch never met the courier, so they count in neither.
 */
export function rtoRate(returned: number, collected: number): number {
  const ended = returned + collected;
  return ended > 0 ? round1((returned / ended) * 100) : 0;
}

export const COD_SHARE_DEFINITION = 'Of all orders placed in the period, the percent placed as cash on delivery. COD revenue counts only once the cash is collected.';
export const RTO_RATE_DEFINITION =
  'Of the cash-on-delivery orders placed in the period that reached an end at the door, the percent returned to origin instead of paid. Orders cancelled before dispatch count in neither.';
