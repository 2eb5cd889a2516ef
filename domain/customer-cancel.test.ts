import { describe, expect, it } from 'vitest';
import { customerCancelRefusal } from './customer-cancel.ts';

const paid = { orderNumber: 'DP-20261127-0001', status: 'processing', paymentStatus: 'paid', paymentMethod: 'card', subtotalPaise: 129_900 };

describe('customerCancelRefusal', () => {
  it('lets the customer cancel a paid online order that is pending or processing with nothing packed', () => {
    expect(customerCancelRefusal(paid, false)).toBeNull();
    expect(customerCancelRefusal({ ...paid, status: 'pending', paymentMethod: 'upi' }, false)).toBeNull();
  });

  it('refuses once a parcel is packed or the order is on its way, saying it can be returned instead', () => {
    expect(customerCancelRefusal(paid, true)).toBe('Order DP-20261127-0001 is already packed or on its way: once it arrives you can return it');
    for (const status of ['shipped', 'out-for-delivery', 'delivered']) expect(customerCancelRefusal({ ...paid, status }, false)).toMatch(/already packed or on its way/);
  });

  it('refuses a cancelled order, cash on delivery and an order with no payment standing', () => {
    expect(customerCancelRefusal({ ...paid, status: 'cancelled', paymentStatus: 'refunded' }, false)).toBe('Order DP-20261127-0001 is already cancelled');
    expect(customerCancelRefusal({ ...paid, paymentMethod: 'cod', paymentStatus: 'cod_pending' }, false)).toMatch(/paid on delivery/);
    expect(customerCancelRefusal({ ...paid, paymentStatus: 'refund_pending' }, false)).toMatch(/no payment to give back/);
  });

  it('refuses an order of gift cards alone: a card bought is not cancelled, and stays valid', () => {
    expect(customerCancelRefusal({ ...paid, status: 'pending', subtotalPaise: 0 }, false)).toBe(
      'Order DP-20261127-0001 holds only gift cards, which are not cancelled once bought: each stays valid to spend until it expires; write to us to have a card not yet spent refunded',
    );
  });
});
