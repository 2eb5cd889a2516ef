import { describe, expect, it } from 'vitest';
import { paymentMethodLabel, receiptFileName, receiptText, type ReceiptOrder } from './order-receipt.ts';

const order: ReceiptOrder = {
  orderNumber: 'DP-20261121-4821',
  createdAt: '2026-11-21T06:30:00.000Z',
  paymentMethod: 'razorpay',
  paymentId: 'pay_123',
  customerName: 'Asha Verma',
  customerEmail: 'asha@example.in',
  customerPhone: '+91 98765 43210',
  shippingAddress: { street: '12 Lotus Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
  items: [
    { name: 'Valor', size: '50ml', quantity: 2, price: 1450, lineTotal: 2900 },
    { name: 'Dark Poppy', size: '15ml', quantity: 1, price: 650, lineTotal: 650 },
  ],
  subtotal: 3550,
  shipping: 0,
  total: 3017.5,
  adjustments: [{ kind: 'coupon', label: 'Discount (DEEPAM15)', amount: 532.5 }],
  charges: [],
};

describe('receipt', () => {
  it('lists the lines, the totals in rupees and the address', () => {
    const text = receiptText(order, 'Deosil Perfumes');
    expect(text).toContain('Order number: DP-20261121-4821');
    expect(text).toContain('Valor (50ml)');
    expect(text).toMatch(/ {2}2 x ₹1,450\.00 +₹2,900\.00/);
    expect(text).toMatch(/Discount \(DEEPAM15\) +-₹532\.50/);
    expect(text).toMatch(/Shipping +FREE/);
    expect(text).toMatch(/Total +₹3,017\.50/);
    expect(text).toContain('  Pune, Maharashtra 411001');
    expect(text).toContain('Date: 21 Nov 2026, 12:00 pm');
  });

  it('of gift cards alone prints no address and no bill of goods, only what the cards came to', () => {
    const text = receiptText({ ...order, shippingAddress: null, items: [], subtotal: 0, total: 0, adjustments: [], giftCardsBought: 2500 }, 'Deosil Perfumes');
    expect(text).toMatch(/Gift cards bought +₹2,500\.00/);
    expect(text).not.toMatch(/Ship to|Subtotal|Total/);
  });

  it('is named for the order and shows payment methods without underscores', () => {
    expect(receiptFileName('DP-20261121-4821')).toBe('receipt-DP-20261121-4821.txt');
    expect(receiptFileName('../x')).toBe('receipt-___x.txt');
    expect(paymentMethodLabel('razorpay_upi')).toBe('razorpay upi');
  });
});

describe('paymentMethodLabel', () => {
  it('names cash on delivery in words and keeps other methods readable', () => {
    expect(paymentMethodLabel('cod')).toBe('Cash on delivery');
    expect(paymentMethodLabel('net_banking')).toBe('net banking');
  });

  it('prints a cash-on-delivery order with its fee line and the method in words', () => {
    const text = receiptText({ ...order, paymentMethod: 'cod', paymentId: null, total: 3066.5, charges: [{ kind: 'cod-fee', label: 'Cash on Delivery fee', amount: 49 }] }, 'Deosil Perfumes');
    expect(text).toContain('Payment: Cash on delivery\n');
    expect(text).toMatch(/Cash on Delivery fee +₹49\.00\nTotal +₹3,066\.50/);
    expect(receiptText(order, 'Deosil Perfumes')).not.toContain('Cash on Delivery fee');
  });
});
