import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashToCollect, labelOf, packingSlipOf, type DispatchOrder, type DispatchParcel } from './dispatch-documents.ts';

const SHOP = { name: 'Deosil Perfumes Private Limited', address: '14 Moonlight Lane, Indiranagar, Bengaluru 560038' };
const order = (over: Partial<DispatchOrder> = {}): DispatchOrder => ({
  orderNumber: 'DP-20261127-0001',
  placedAt: new Date('2026-11-27T10:00:00Z'),
  customerName: 'Meera Iyer',
  customerPhone: '+91 98450 12345',
  shippingAddress: { street: '7 Lantern Street', city: 'Pune', state: 'Maharashtra', zipCode: '411038', country: 'India' },
  paymentStatus: 'paid',
  totalPaise: 3_598_00,
  balancesPaise: 0,
  gift: null,
  ...over,
});
const parcel: DispatchParcel = {
  reference: 'DP-20261127-0001-1',
  awb: '19041424751540',
  courierName: 'Delhivery Surface',
  weightGrams: 420,
  dimensionsCm: { length: 15, breadth: 10, height: 8 },
  lines: [
    { name: 'Midnight Oud', size: '50ml', quantity: 2, unitPricePaise: 1_499_00 },
    { name: 'Moon Water', size: '10ml', quantity: 1, unitPricePaise: 600_00 },
  ],
};

describe('dispatch documents', () => {
  it('collects at the door only on cash on delivery, less what balances paid, never below nothing', () => {
    expect(cashToCollect(order())).toBe(0);
    expect(cashToCollect(order({ paymentStatus: 'cod_pending' }))).toBe(3_598_00);
    expect(cashToCollect(order({ paymentStatus: 'cod_pending', balancesPaise: 500_00 }))).toBe(3_098_00);
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), fc.constantFrom('paid', 'cod_pending', 'refunded'), (total, balances, status) => {
        const collect = cashToCollect({ paymentStatus: status, totalPaise: total, balancesPaise: balances });
        expect(collect).toBeGreaterThanOrEqual(0);
        expect(collect).toBeLessThanOrEqual(total);
        if (status !== 'cod_pending') expect(collect).toBe(0);
      }),
    );
  });

  it("labels a parcel with its AWB, courier, consignee, PIN and the cash to collect", () => {
    const label = labelOf(order({ paymentStatus: 'cod_pending' }), parcel, SHOP);
    expect(label).toMatchObject({ awb: '19041424751540', courierName: 'Delhivery Surface', collectPaise: 3_598_00, weightGrams: 420, from: SHOP });
    expect(label.to).toEqual({ name: 'Meera Iyer', phone: '+91 98450 12345', lines: ['7 Lantern Street', 'Pune, Maharashtra', 'India'], pincode: '411038' });
  });

  it('prints prices on an ordinary slip', () => {
    const slip = packingSlipOf(order(), parcel, SHOP);
    expect(slip.showPrices).toBe(true);
    expect(slip.gift).toBeNull();
    expect(slip.lines).toEqual([
      { description: 'Midnight Oud · 50ml', quantity: 2, amountPaise: 2_998_00 },
      { description: 'Moon Water · 10ml', quantity: 1, amountPaise: 600_00 },
    ]);
  });

  it("prints a gift's message and recipient and no price at all; the label names the recipient", () => {
    const gift = { wrap: true, recipientName: 'Anaya', message: 'Happy birthday,\nlittle witch' };
    const slip = packingSlipOf(order({ gift }), parcel, SHOP);
    expect(slip.showPrices).toBe(false);
    expect(slip.lines.every((line) => line.amountPaise === null)).toBe(true);
    expect(slip.gift).toEqual({ recipientName: 'Anaya', message: 'Happy birthday,\nlittle witch' });
    expect(slip.to.name).toBe('Anaya');
    expect(labelOf(order({ gift }), parcel, SHOP).to.name).toBe('Anaya');
  });
});
