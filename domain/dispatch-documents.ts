/**
 * What the dispatch desk prints for a parcel: the shop's own 4×6 in label (when no courier API makes one) and the
 * packing slip that goes inside. Pure: the PDFs are drawn from these views.
 */
import { cashDuePaise } from './cash-on-delivery.ts';
import type { GiftDetails } from './gifts.ts';

/** The packing slip's paper (PACKING_SLIP_SIZE): A4 for an office printer, 4×6 in for the label printer. */
export const PACKING_SLIP_SIZES = ['a4', '4x6'] as const;
export type PackingSlipSize = (typeof PACKING_SLIP_SIZES)[number];

export interface DispatchAddress {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** The order's facts a parcel's documents need. */
export interface DispatchOrder {
  orderNumber: string;
  placedAt: Date;
  customerName: string;
  customerPhone: string;
  shippingAddress: DispatchAddress;
  paymentStatus: string;
  totalPaise: number;
  /** What gift cards and store credit paid of the total: never collected at the door. */
  balancesPaise: number;
  gift: GiftDetails | null;
}

export interface DispatchParcel {
  reference: string;
  awb: string | null;
  courierName: string | null;
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number };
  lines: { name: string; size: string; quantity: number; unitPricePaise: number }[];
}

export interface Consignee {
  name: string;
  phone: string;
  /** The address as printed, line by line; the PIN code apart, printed large for the sorting hub. */
  lines: string[];
  pincode: string;
}

export interface LabelView {
  awb: string;
  courierName: string;
  reference: string;
  orderNumber: string;
  to: Consignee;
  /** The return address: where an undelivered parcel comes back to. */
  from: { name: string; address: string };
  /** Cash the courier collects at the door, in paise; 0 for a prepaid parcel. */
  collectPaise: number;
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number };
}

export interface PackingSlipView {
  orderNumber: string;
  reference: string;
  placedAt: Date;
  to: Consignee;
  from: { name: string; address: string };
  /** Null for a gift: its slip names what is inside and never what it cost. */
  lines: { description: string; quantity: number; amountPaise: number | null }[];
  showPrices: boolean;
  gift: { recipientName: string; message: string } | null;
}

/**
 * Cash the courier collects at the door: a cash-on-delivery order's total less what gift cards and store credit
 * already paid (the courier must not ask for money the customer has paid). A cash-on-delivery order travels as one
 * parcel, so the whole amount is on its one label.
 */
export function cashToCollect(order: Pick<DispatchOrder, 'paymentStatus' | 'totalPaise' | 'balancesPaise'>): number {
  return order.paymentStatus === 'cod_pending' ? cashDuePaise(order) : 0;
}

/** Who the parcel is addressed to: a gift goes to its recipient by name, at the address the buyer gave. */
export function consigneeOf(order: Pick<DispatchOrder, 'customerName' | 'customerPhone' | 'shippingAddress' | 'gift'>): Consignee {
  const address = order.shippingAddress;
  return {
    name: order.gift?.recipientName.trim() || order.customerName,
    phone: order.customerPhone,
    lines: [address.street, `${address.city}, ${address.state}`, address.country].filter((line) => line.trim() !== ''),
    pincode: address.zipCode,
  };
}

export function labelOf(order: DispatchOrder, parcel: DispatchParcel, shop: { name: string; address: string }): LabelView {
  return {
    awb: parcel.awb ?? '',
    courierName: parcel.courierName ?? 'Courier',
    reference: parcel.reference,
    orderNumber: order.orderNumber,
    to: consigneeOf(order),
    from: shop,
    collectPaise: cashToCollect(order),
    weightGrams: parcel.weightGrams,
    dimensionsCm: parcel.dimensionsCm,
  };
}

/** The slip in the parcel: its lines and quantities, and for a gift the card's words and no price anywhere. */
export function packingSlipOf(order: DispatchOrder, parcel: DispatchParcel, shop: { name: string; address: string }): PackingSlipView {
  const gift = order.gift;
  return {
    orderNumber: order.orderNumber,
    reference: parcel.reference,
    placedAt: order.placedAt,
    to: consigneeOf(order),
    from: shop,
    lines: parcel.lines.map((line) => ({ description: `${line.name} · ${line.size}`, quantity: line.quantity, amountPaise: gift ? null : line.unitPricePaise * line.quantity })),
    showPrices: !gift,
    gift: gift ? { recipientName: gift.recipientName, message: gift.message } : null,
  };
}
