import { billPartDto, chargePaise } from '../../../domain/bill.ts';
import { addBusinessDays, goodsAddress } from '../../../domain/orders.ts';
import { cashDuePaise } from '../../../domain/cash-on-delivery.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import type { Order } from '../../../contracts/orders.ts';
import { stateByCode } from '../../../domain/india-states.ts';
import type { creditNotes, offlineRefunds, orderItems, orderStatusHistory, orders } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderWithLines = OrderRow & {
  items: (typeof orderItems.$inferSelect)[];
  history: (typeof orderStatusHistory.$inferSelect)[];
  creditNotes?: (typeof creditNotes.$inferSelect)[];
  offlineRefunds?: (typeof offlineRefunds.$inferSelect)[];
  /** The order's taken tenders, for what refunds put back onto them. */
  balanceTenders?: { refundedPaise: number }[];
  /** The ledger's refund entries naming the order. */
  balanceEntries?: { amountPaise: number }[];
};

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

/** Business days from the order date to the default delivery estimate (spec: 3-7 days, tracking hint 7). */
export const DEFAULT_DELIVERY_BUSINESS_DAYS = 7;

/** The order as the API shows it: rupees with two decimals, the field names the storefront has always read. */
export function toOrderDto(row: OrderWithLines): Order {
  const createdAt = row.createdAt.toISOString();
  const items = [...row.items].sort((a, b) => a.id - b.id);
  const history = [...row.history].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const estimatedDelivery = row.estimatedDelivery ?? addBusinessDays(row.createdAt, DEFAULT_DELIVERY_BUSINESS_DAYS);
  return {
    id: row.id,
    _id: row.id,
    orderNumber: row.orderNumber,
    createdAt,
    date: createdAt,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    paymentProvider: row.paymentProvider,
    paymentId: row.providerPaymentId,
    refundId: row.providerRefundId,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundedAmount: paiseToRupees(row.refundedPaise),
    ...refundedOnto(row),
    subtotal: paiseToRupees(row.subtotalPaise),
    discountAmount: paiseToRupees(row.discountPaise),
    discountedSubtotal: paiseToRupees(row.subtotalPaise - row.discountPaise),
    shipping: paiseToRupees(row.shippingPaise),
    total: paiseToRupees(row.totalPaise),
    paidWithBalances: paiseToRupees(row.balancesPaise),
    giftCardsBought: paiseToRupees(row.vouchersPaise),
    adjustments: row.adjustments.map(billPartDto),
    charges: row.charges.map(billPartDto),
    appliedCoupon: row.coupon
      ? { code: row.coupon.code, name: row.coupon.name, discountAmount: paiseToRupees(row.coupon.discountPaise), couponType: row.coupon.couponType }
      : null,
    customerName: row.customerName || 'Unknown',
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    business: row.buyerGstin ? { gstin: row.buyerGstin, legalName: row.buyerLegalName ?? '' } : null,
    gift: row.gift ?? null,
    customer: { name: row.customerName || 'Unknown', email: row.customerEmail },
    shippingAddress: row.shippingAddress,
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.name,
      slug: item.slug,
      size: item.size,
      quantity: item.quantity,
      price: paiseToRupees(item.unitPricePaise),
      lineTotal: paiseToRupees(item.lineTotalPaise),
      image: item.image,
      gift: item.gift,
      hsnCode: item.hsnCode,
      gstRate: item.gstRateBp === null ? null : item.gstRateBp / 100,
      taxableValue: rupeesOrNull(item.taxablePaise),
      cgst: rupeesOrNull(item.cgstPaise),
      sgst: rupeesOrNull(item.sgstPaise),
      igst: rupeesOrNull(item.igstPaise),
    })),
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate?.toISOString() ?? null,
    tax: row.invoiceNumber ? taxOf(row, items) : null,
    creditNotes: [...(row.creditNotes ?? [])]
      .sort((a, b) => a.id - b.id)
      .map((note) => ({
        number: note.number,
        date: note.issuedAt.toISOString(),
        amount: paiseToRupees(note.amountPaise),
        taxableValue: paiseToRupees(note.taxablePaise),
        cgst: paiseToRupees(note.cgstPaise),
        sgst: paiseToRupees(note.sgstPaise),
        igst: paiseToRupees(note.igstPaise),
      })),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    statusHistory: history.map((entry) => ({ status: entry.status, timestamp: entry.createdAt.toISOString(), updatedBy: entry.updatedBy, note: entry.note, event: entry.event })),
    tracking:
      row.trackingNumber && row.carrier
        ? { trackingNumber: row.trackingNumber, carrier: row.carrier, estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null, notes: row.trackingNotes }
        : null,
    estimatedDelivery: estimatedDelivery.toISOString(),
    cashOnDelivery: cashOnDeliveryOf(row),
    offlineRefunds: [...(row.offlineRefunds ?? [])].sort((a, b) => a.id - b.id).map(toOfflineRefundDto),
    refundUpiId: row.refundUpiId,
  };
}

/**
 * What the order's refunds put onto balances, as recorded: back onto the tenders that paid (`refunded_paise`), and
 * onto store credit at the customer's choice, which is the rest of the ledger's refund entries naming the order.
 */
function refundedOnto(row: OrderWithLines): Pick<Order, 'refundedToBalances' | 'refundedToStoreCredit'> {
  const toTenders = (row.balanceTenders ?? []).reduce((sum, tender) => sum + tender.refundedPaise, 0);
  const toLedger = (row.balanceEntries ?? []).reduce((sum, entry) => sum + entry.amountPaise, 0);
  return { refundedToBalances: paiseToRupees(toTenders), refundedToStoreCredit: paiseToRupees(Math.max(0, toLedger - toTenders)) };
}

export function toOfflineRefundDto(refund: typeof offlineRefunds.$inferSelect): Order['offlineRefunds'][number] {
  return {
    id: refund.id,
    returnId: refund.returnId,
    amount: paiseToRupees(refund.amountPaise),
    toBalances: paiseToRupees(refund.balancesPaise),
    status: refund.status,
    method: refund.method,
    reference: refund.reference,
    paidOn: refund.paidOn,
    createdAt: refund.createdAt.toISOString(),
  };
}

/** Cash on delivery's side of the order; null for an order paid online. */
function cashOnDeliveryOf(row: OrderRow): Order['cashOnDelivery'] {
  if (row.paymentMethod !== 'cod' || !row.codConfirmBy) return null;
  return {
    fee: paiseToRupees(chargePaise(row, 'cod-fee')),
    toCollect: paiseToRupees(cashDuePaise(row)),
    confirmBy: row.codConfirmBy.toISOString(),
    confirmedAt: row.codConfirmedAt?.toISOString() ?? null,
    confirmedVia: row.codConfirmedVia === 'web' || row.codConfirmedVia === 'email' || row.codConfirmedVia === 'whatsapp' ? row.codConfirmedVia : null,
    collectedAt: row.codCollectedAt?.toISOString() ?? null,
    returnedToOriginAt: row.codReturnedAt?.toISOString() ?? null,
  };
}

/** The invoice's totals: taxable value and each tax over the lines, and where the goods were supplied. */
function taxOf(row: OrderRow, items: OrderWithLines['items']): NonNullable<Order['tax']> {
  const sum = (pick: (item: OrderWithLines['items'][number]) => number | null) => paiseToRupees(items.reduce((total, item) => total + (pick(item) ?? 0), 0));
  const state = row.placeOfSupply ? stateByCode(row.placeOfSupply) : null;
  return {
    placeOfSupply: state?.name ?? goodsAddress(row).state,
    placeOfSupplyCode: row.placeOfSupply,
    taxableValue: sum((item) => item.taxablePaise),
    cgst: sum((item) => item.cgstPaise),
    sgst: sum((item) => item.sgstPaise),
    igst: sum((item) => item.igstPaise),
  };
}
