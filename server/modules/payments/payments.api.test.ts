import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { checkouts, notifications, orders, personalCoupons, products, promotions } from '../../db/schema/index.ts';
import { festivalCouponByCode, insertFestivalWithCoupon } from '../../../tests/support/festivals.ts';
import { paymentSignature } from '../../payments/razorpay-signature.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder, sandboxPay, verifyPayment, type Line } from '../../../tests/support/checkout.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { signedWebhook, WEBHOOK_SECRET } from '../../../tests/support/webhooks.ts';
import { foldRecordedSales } from '../products/sales-count.ts';
import { releaseExpiredHolds } from '../inventory/checkout-holds.ts';

const NOW = new Date('2026-11-21T10:00:00+05:30');
let shop: TestShop;
let customer: { token: string };

const product = (slug: string) => productStock(shop.database.db, slug);
async function setInventory(slug: string, inventory: number) {
  await shop.database.db.update(products).set({ inventory }).where(eq(products.slug, slug));
  return (await product(slug)).id;
}
async function orderCount() {
  const [row] = await shop.database.db.select({ total: count() }).from(orders);
  return row!.total;
}
const webhook = (body: unknown, options: Parameters<typeof signedWebhook>[2] = {}) => signedWebhook(shop, body, options);
/** Razorpay's event for a payment it captured: by default the checkout's whole amount in INR. */
async function captured(orderId: string, paymentId: string, money: { amount?: number; currency?: string } = {}) {
  const [checkout] = await shop.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, orderId));
  const amount = money.amount ?? checkout!.amountPaise;
  return { entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId, status: 'captured', amount, currency: money.currency ?? 'INR' } } } };
}

beforeAll(async () => {
  shop = await startTestShop({ clock: () => NOW, env: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYMENT_SANDBOX_SECRET: 'sandbox-secret-for-tests-only' } });
  customer = await registerCustomer(shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('POST /api/payments/razorpay/create-payment-order', () => {
  it('needs a signed-in customer', async () => {
    const response = await call(shop, 'POST', '/api/payments/razorpay/create-payment-order', { body: {} });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Authentication required');
  });

  it('prices the basket from the database and ignores any price or total the client sends', async () => {
    const valor = await product('valor');
    const items = [{ productId: valor.id, size: '50ml', quantity: 2, price: 1 }];
    const response = await createPaymentOrder(shop, customer.token, items as Line[], { total: 1, amount: 1, subtotal: 1, discountAmount: 999 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ success: true, provider: 'sandbox', amount: 5998, razorpayOrder: { amount: 599_800, currency: 'INR' } });
    const id = (response.body.razorpayOrder as { id: string }).id;
    expect(id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const [stored] = await shop.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, id));
    expect(stored).toMatchObject({ amountPaise: 599_800, subtotalPaise: 599_800, discountPaise: 0, status: 'awaiting_payment' });
    expect(stored!.lines[0]).toMatchObject({ name: 'Valor', unitPricePaise: 299_900, quantity: 2 });
  });

  it.each([
    ['quantity below 1', { items: [{ productId: 1, size: '50ml', quantity: 0 }] }, 'items.0.quantity'],
    ['an unknown product', { items: [{ productId: 999_999, size: '50ml', quantity: 1 }] }, 'items.0.productId'],
    ['an unknown size', { items: [{ productId: 1, size: '5 litres', quantity: 1 }] }, 'items.0.size'],
    ['a bad phone number', { customerInfo: { name: 'Mira', email: 'mira@deosil.test', phone: '12' } }, 'customerInfo.phone'],
    ['a city with digits', { shippingAddress: { street: '12 Moonlit Lane', city: 'Pune 1', state: 'Maharashtra', zipCode: '411001', country: 'India' } }, 'shippingAddress.city'],
    ['an unknown state', { shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Bombay Presidency', zipCode: '411001', country: 'India' } }, 'shippingAddress.state'],
    ['a PIN code of another state', { shippingAddress: { street: '12 Moonlit Lane', city: 'Bengaluru', state: 'Karnataka', zipCode: '411001', country: 'India' } }, 'shippingAddress.zipCode'],
    ['a PIN code of five digits', { shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '41100', country: 'India' } }, 'shippingAddress.zipCode'],
    ['an unknown coupon', { couponCode: 'NOSUCHMOON' }, 'couponCode'],
  ])('refuses %s with a 400 naming the field and writes nothing', async (_case, override, field) => {
    const valor = await product('valor');
    const before = await shop.database.db.select({ total: count() }).from(checkouts);
    const body = { items: [{ productId: valor.id, size: '50ml', quantity: 1 }], ...override };
    const response = await createPaymentOrder(shop, customer.token, body.items as Line[], override);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.errors?.map((error) => error.field)).toContain(field);
    const after = await shop.database.db.select({ total: count() }).from(checkouts);
    expect(after[0]!.total).toBe(before[0]!.total);
  });

  it('names the state and the PIN code the way the checkout form words them', async () => {
    const valor = await product('valor');
    const items = [{ productId: valor.id, size: '50ml', quantity: 1 }];
    const address = { street: '12 Moonlit Lane', city: 'Bengaluru', country: 'India' };
    const unknown = await createPaymentOrder(shop, customer.token, items, { shippingAddress: { ...address, state: 'Mysore State', zipCode: '560001' } });
    expect(unknown.body.errors).toEqual([{ field: 'shippingAddress.state', message: 'Please choose a state or union territory of India' }]);
    const elsewhere = await createPaymentOrder(shop, customer.token, items, { shippingAddress: { ...address, state: 'Karnataka', zipCode: '411001' } });
    expect(elsewhere.body.errors).toEqual([{ field: 'shippingAddress.zipCode', message: 'PIN code 411001 is in Maharashtra, not Karnataka' }]);
  });

  it('keeps the state under its own name whatever case the shopper typed', async () => {
    const valor = await product('valor');
    const response = await createPaymentOrder(shop, customer.token, [{ productId: valor.id, size: '50ml', quantity: 1 }], {
      shippingAddress: { street: '12 Moonlit Lane', city: 'Bengaluru', state: 'karnataka', zipCode: '560 001', country: 'India' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const id = (response.body.razorpayOrder as { id: string }).id;
    const [stored] = await shop.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, id));
    expect(JSON.stringify(stored)).toContain('"state":"Karnataka"');
  });

  it('refuses more units than the shelf holds with a 409', async () => {
    const id = await setInventory('hush', 2);
    const response = await createPaymentOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 3 }]);
    expect(response.status).toBe(409);
    expect(response.body.errors?.[0]).toMatchObject({ field: 'items.0.quantity', message: expect.stringContaining('Only 2') });
  });

  it('counts a potion\'s sizes against one stock: 2 left, 15 ml × 2 and 30 ml × 2 is a 409 and no payment order', async () => {
    const id = await setInventory('hush', 2);
    const before = await shop.database.db.select({ total: count() }).from(checkouts);
    const buyer = await registerCustomer(shop);
    const response = await createPaymentOrder(shop, buyer.token, [
      { productId: id, size: '15ml', quantity: 2 },
      { productId: id, size: '30ml', quantity: 2 },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body.errors).toEqual([{ field: 'items.1.quantity', message: expect.stringContaining('Only 2') }]);
    const after = await shop.database.db.select({ total: count() }).from(checkouts);
    expect(after[0]!.total).toBe(before[0]!.total);
  });

  it('refuses a total under ₹1', async () => {
    const owl = await product('owl-hour');
    await shop.database.db.update(products).set({ pricePaise: 50 }).where(eq(products.id, owl.id));
    const { productSizes } = await import('../../db/schema/index.ts');
    await shop.database.db.update(productSizes).set({ pricePaise: 50 }).where(eq(productSizes.productId, owl.id));
    const response = await createPaymentOrder(shop, customer.token, [{ productId: owl.id, size: '15ml', quantity: 1 }]);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/at least ₹1/);
  });
});

describe('POST /api/payments/razorpay/verify-and-create-order', () => {
  it('turns a signed payment into a pending, paid order, takes the stock and empties nothing else', async () => {
    const id = await setInventory('nazar', 10);
    const salesBefore = (await product('nazar')).sales;
    const order = await placeOrder(shop, customer.token, [{ productId: id, size: '30ml', quantity: 3 }]);
    // A sandbox payment says so wherever the method shows, never 'card'.
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'paid', shipping: 0, itemCount: 3, paymentMethod: 'sandbox' });
    expect(order.orderNumber).toMatch(/^DP-20261121-\d{4}$/);
    expect(order.statusHistory).toEqual([expect.objectContaining({ status: 'pending', updatedBy: 'System' })]);
    expect(order.total).toBe(order.subtotal);
    expect((await product('nazar')).inventory).toBe(7);
    // The sale counts in the potion's figure once the minute's count has run.
    expect((await product('nazar')).sales).toBe(salesBefore);
    await foldRecordedSales(shop.database.db);
    expect((await product('nazar')).sales).toBe(salesBefore + 3);
  });

  it('refuses a forged signature and another order’s signature, writing nothing', async () => {
    const id = await setInventory('umbra', 5);
    const first = await createPaymentOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    const second = await createPaymentOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    const firstPaid = await sandboxPay(shop, customer.token, (first.body.razorpayOrder as { id: string }).id);
    const secondPaid = await sandboxPay(shop, customer.token, (second.body.razorpayOrder as { id: string }).id);
    const before = await orderCount();

    const lastChar = firstPaid.razorpay_signature.at(-1) === '0' ? '1' : '0';
    const forged = await verifyPayment(shop, customer.token, { ...firstPaid, razorpay_signature: firstPaid.razorpay_signature.slice(0, -1) + lastChar });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^Payment verification failed/);
    const crossed = await verifyPayment(shop, customer.token, { ...firstPaid, razorpay_signature: secondPaid.razorpay_signature });
    expect(crossed.status).toBe(400);
    const otherPayment = await verifyPayment(shop, customer.token, { ...firstPaid, razorpay_payment_id: secondPaid.razorpay_payment_id });
    expect(otherPayment.status).toBe(400);

    expect(await orderCount()).toBe(before);
    // Each payment order holds its unit until it is paid or its hold runs out; no forged confirmation took one.
    expect(await product('umbra')).toMatchObject({ inventory: 3, held: 2 });
    const [checkout] = await shop.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, firstPaid.razorpay_order_id));
    expect(checkout!.status).toBe('awaiting_payment');
  });

  it('answers a repeated confirmation with the same order', async () => {
    const id = await setInventory('chrysalis', 4);
    const created = await createPaymentOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    const paid = await sandboxPay(shop, customer.token, (created.body.razorpayOrder as { id: string }).id);
    const [one, two, three] = await Promise.all([verifyPayment(shop, customer.token, paid), verifyPayment(shop, customer.token, paid), verifyPayment(shop, customer.token, paid)]);
    const numbers = [one, two, three].map((response) => (response.body.order as Order).orderNumber);
    expect(new Set(numbers).size).toBe(1);
    expect((await product('chrysalis')).inventory).toBe(3);
  });

  /** One buyer's two sandbox payments for a Nazar each, paid but not yet verified into orders. */
  const twoPaidCheckouts = async () => {
    const id = await setInventory('nazar', 10);
    const buyer = await registerCustomer(shop);
    const pay = async () => {
      const created = await createPaymentOrder(shop, buyer.token, [{ productId: id, size: '30ml', quantity: 1 }]);
      return sandboxPay(shop, buyer.token, (created.body.razorpayOrder as { id: string }).id);
    };
    return { buyer, first: await pay(), second: await pay() };
  };

  it('draws another order number when the one drawn is taken, and the order is still made', async () => {
    const { buyer, first, second } = await twoPaidCheckouts();
    const draws = vi.spyOn(Math, 'random').mockReturnValue(0.4242);
    try {
      const taken = await verifyPayment(shop, buyer.token, first);
      expect((taken.body.order as Order).orderNumber).toBe('DP-20261121-4242');
      // The next order draws 4242 again first, then 1111.
      draws.mockReturnValueOnce(0.4242).mockReturnValue(0.1111);
      const drawnAgain = await verifyPayment(shop, buyer.token, second);
      expect(drawnAgain.status, JSON.stringify(drawnAgain.body)).toBe(200);
      expect(drawnAgain.body.order).toMatchObject({ orderNumber: 'DP-20261121-1111', paymentStatus: 'paid', itemCount: 1 });
    } finally {
      draws.mockRestore();
    }
    expect(await product('nazar')).toMatchObject({ inventory: 8, held: 0 });
  });

  it('on a day whose four-digit numbers keep clashing, gives the order a longer number rather than failing the paid order', async () => {
    const { buyer, first, second } = await twoPaidCheckouts();
    // Every draw lands on the same spot: as if the day's four-digit numbers were all taken.
    const draws = vi.spyOn(Math, 'random').mockReturnValue(0.5151);
    try {
      expect(((await verifyPayment(shop, buyer.token, first)).body.order as Order).orderNumber).toBe('DP-20261121-5151');
      const crowded = await verifyPayment(shop, buyer.token, second);
      expect(crowded.status, JSON.stringify(crowded.body)).toBe(200);
      expect(crowded.body.order).toMatchObject({ orderNumber: 'DP-20261121-515100', paymentStatus: 'paid' });
    } finally {
      draws.mockRestore();
    }
  });

  it('does not let another customer confirm someone’s payment', async () => {
    const id = await setInventory('first-rain', 4);
    const created = await createPaymentOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    const paid = await sandboxPay(shop, customer.token, (created.body.razorpayOrder as { id: string }).id);
    const stranger = await registerCustomer(shop);
    const before = await orderCount();
    expect((await verifyPayment(shop, stranger.token, paid)).status).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('records a payment that came after its hold expired and its stock sold out as a cancelled order awaiting refund, and tells the admins', async () => {
    await signInAdmin(shop);
    const id = await setInventory('scriptorium', 1);
    const buyer = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, buyer.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    // The customer took longer than the hold: its unit went back and someone else bought it.
    await releaseExpiredHolds(shop.database.db, new Date(Date.now() + 60 * 60 * 1000));
    expect(await product('scriptorium')).toMatchObject({ inventory: 1, held: 0 });
    await setInventory('scriptorium', 0);
    const paid = await sandboxPay(shop, buyer.token, (created.body.razorpayOrder as { id: string }).id);
    const verified = await verifyPayment(shop, buyer.token, paid);
    expect(verified.status).toBe(200);
    expect(verified.body.message).toMatch(/sold out.*refund/);
    expect(verified.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    expect((await product('scriptorium')).inventory).toBe(0);
    const alerts = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Refund Needed'));
    expect(alerts.some((alert) => alert.priority === 'high' && alert.message.includes((verified.body.order as Order).orderNumber))).toBe(true);
  });
});

describe('stock alerts', () => {
  it('takes a potion\'s sizes from its one stock in one step: 7 left, 3 + 4 sold, one Out of Stock alert', async () => {
    const id = await setInventory('hush', 7);
    const name = (await product('hush')).name;
    const buyer = await registerCustomer(shop);
    const order = await placeOrder(shop, buyer.token, [
      { productId: id, size: '15ml', quantity: 3 },
      { productId: id, size: '30ml', quantity: 4 },
    ]);
    expect(order).toMatchObject({ paymentStatus: 'paid' });
    expect((await product('hush')).inventory).toBe(0);
    const alerts = await shop.database.db.select().from(notifications).where(eq(notifications.type, 'product'));
    const about = alerts.filter((alert) => alert.message.startsWith(`${name} `));
    // One admin hears one alert: the product went from 7 to none, not to 4 and then to none.
    expect(new Set(about.map((alert) => alert.title))).toEqual(new Set(['Out of Stock']));
  });

  it('tells the admins when an order takes a potion down to the low-stock line', async () => {
    await signInAdmin(shop);
    const id = await setInventory('dazzling-dream', 6);
    await placeOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 2 }]);
    const alerts = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Low Stock'));
    expect(alerts.map((alert) => alert.message)).toContain('Dazzling Dream is down to 4 in stock.');
  });
});

describe('coupons at checkout', () => {
  it('applies a festival coupon by its rules and counts its use with the order', async () => {
    const { coupon } = await insertFestivalWithCoupon(shop.database.db, {
      name: 'Samhain',
      festivalCode: 'SAMHAIN10',
      couponType: 'percentage',
      discountValue: 1000,
      usageLimit: 5,
      startDate: new Date('2026-11-01T00:00:00Z'),
      endDate: new Date('2026-12-01T00:00:00Z'),
    });
    const valor = await product('valor');
    const order = await placeOrder(shop, customer.token, [{ productId: valor.id, size: '50ml', quantity: 1 }], { couponCode: 'samhain10' });
    expect(order).toMatchObject({ subtotal: 2999, discountAmount: 299.9, total: 2699.1, appliedCoupon: { code: 'SAMHAIN10', couponType: 'percentage' } });
    const [after] = await shop.database.db.select().from(promotions).where(eq(promotions.id, coupon.id));
    expect(after!.usedCount).toBe(1);
  });
});

describe('personal reward coupons at checkout', () => {
  it('a first order earns the 5% reward code, which its owner alone can spend, once', async () => {
    const buyer = await registerCustomer(shop);
    const hush = await setInventory('hush', 20);
    const first = await placeOrder(shop, buyer.token, [{ productId: hush, size: '15ml', quantity: 1 }]);
    const [reward] = await shop.database.db.select().from(personalCoupons).where(eq(personalCoupons.userId, await ownerOf(first.id)));
    expect(reward).toMatchObject({ percentBasisPoints: 500, usedAt: null });

    const stranger = await registerCustomer(shop);
    const refused = await createPaymentOrder(shop, stranger.token, [{ productId: hush, size: '15ml', quantity: 1 }], { couponCode: reward!.code });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('couponCode');

    const second = await placeOrder(shop, buyer.token, [{ productId: hush, size: '15ml', quantity: 2 }], { couponCode: reward!.code });
    expect(second.discountAmount).toBeCloseTo(second.subtotal * 0.05, 2);
    expect(second.appliedCoupon?.code).toBe(reward!.code);
    const [spent] = await shop.database.db.select().from(personalCoupons).where(eq(personalCoupons.id, reward!.id));
    expect(spent).toMatchObject({ orderId: second.id });

    const again = await createPaymentOrder(shop, buyer.token, [{ productId: hush, size: '15ml', quantity: 1 }], { couponCode: reward!.code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This coupon has already been used');
  });
});

async function ownerOf(orderId: string) {
  const [row] = await shop.database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row!.userId;
}

describe('POST /api/payments/razorpay/webhook', () => {
  async function unpaidCheckout(slug: string, token = customer.token) {
    const id = await setInventory(slug, 10);
    const created = await createPaymentOrder(shop, token, [{ productId: id, size: '15ml', quantity: 1 }]);
    return (created.body.razorpayOrder as { id: string }).id;
  }

  it('refuses a body changed after signing, writing nothing', async () => {
    const orderId = await unpaidCheckout('iron-ward');
    const before = await orderCount();
    const response = await webhook(await captured(orderId, 'pay_tampered000001'), { eventId: 'evt_tamper', tamper: (raw) => raw.replace('pay_tampered000001', 'pay_tampered000002') });
    expect(response.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('creates the order when the browser never came back, once however often the event repeats', async () => {
    const orderId = await unpaidCheckout('hearthguard');
    const before = await orderCount();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await webhook(await captured(orderId, 'pay_webhookonly0001'), { eventId: 'evt_repeat_1' });
      expect(response.statusCode).toBe(200);
    }
    expect(await orderCount()).toBe(before + 1);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId));
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'paid', providerPaymentId: 'pay_webhookonly0001' });
  });

  it.each<[string, { amount?: number; currency?: string }]>([
    ['1 paisa', { amount: 1 }],
    ['the amount in another currency', { currency: 'USD' }],
  ])('makes a signed capture of %s a refund case, never a paid order, and gives the held units back', async (_case, money) => {
    const orderId = await unpaidCheckout('scarlet-thread', (await registerCustomer(shop)).token);
    const stockBefore = await product('scarlet-thread');
    const response = await webhook(await captured(orderId, `pay_wrongamount${money.currency ?? 'INR'}`, money), { eventId: `evt_wrong_amount_${money.currency ?? 'INR'}` });
    expect(response.json()).toEqual({ success: true, outcome: 'processed' });
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    // The unit it held is free to sell again.
    expect(await product('scarlet-thread')).toMatchObject({ held: stockBefore.held - 1, inventory: stockBefore.inventory + 1 });
  });

  it('refuses a signed event carrying the NUL character with 400, and records nothing', async () => {
    const orderId = await unpaidCheckout('iron-ward', (await registerCustomer(shop)).token);
    const event = { ...(await captured(orderId, 'pay_nulcharacter01')), event: 'payment.captured\u0000' };
    const response = await webhook(event, { eventId: 'evt_nul' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'Webhook body is not a Razorpay event' });
    const nulInId = await webhook(await captured(orderId, 'pay_nul\u0000inid01'), { eventId: 'evt_nul_id' });
    expect(nulInId.statusCode).toBe(400);
    expect(await shop.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId))).toEqual([]);
  });

  it('refuses a signed capture that does not say how much was taken, and makes no order', async () => {
    const orderId = await unpaidCheckout('iron-ward', (await registerCustomer(shop)).token);
    const event = await captured(orderId, 'pay_noamount00001');
    delete (event.payload.payment.entity as { amount?: number }).amount;
    expect((await webhook(event, { eventId: 'evt_no_amount' })).statusCode).toBe(400);
    expect(await shop.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId))).toEqual([]);
  });

  it('makes one order from events arriving out of order, and a late failure never moves it back', async () => {
    const orderId = await unpaidCheckout('velvet-hex');
    const before = await orderCount();
    const events = [
      { event: 'order.paid', payload: { order: { entity: { id: orderId } }, payment: (await captured(orderId, 'pay_shuffled000001')).payload.payment } },
      await captured(orderId, 'pay_shuffled000001'),
      { event: 'payment.failed', payload: { payment: { entity: { id: 'pay_shuffled000000', order_id: orderId, error_description: 'Card declined' } } } },
    ];
    await Promise.all(events.map((event, index) => webhook(event, { eventId: `evt_shuffle_${index}` })));
    expect(await orderCount()).toBe(before + 1);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId));
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
  });

  it('and the browser racing the webhook still make a single order', async () => {
    const id = await setInventory('nine-wicks', 10);
    const created = await createPaymentOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    const paid = await sandboxPay(shop, customer.token, (created.body.razorpayOrder as { id: string }).id);
    const before = await orderCount();
    const [browser, server] = await Promise.all([verifyPayment(shop, customer.token, paid), webhook(await captured(paid.razorpay_order_id, paid.razorpay_payment_id), { eventId: 'evt_race' })]);
    expect(browser.status).toBe(200);
    expect(server.statusCode).toBe(200);
    expect(await orderCount()).toBe(before + 1);
    expect((await product('nine-wicks')).inventory).toBe(9);
  });
});

describe('under concurrency', () => {
  it('sells the last 5 units to exactly 5 of 50 customers paying at once; every other payment is a refund case', async () => {
    const id = await setInventory('oracle-smoke', 5);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => registerCustomer(shop)));
    const created = await Promise.all(buyers.map((buyer) => createPaymentOrder(shop, buyer.token, [{ productId: id, size: '15ml', quantity: 1 }])));
    expect(created.every((response) => response.status === 200 || response.status === 409)).toBe(true);
    const results = await Promise.all(
      buyers.map(async (buyer, index) => {
        if (created[index]!.status !== 200) return { status: created[index]!.status, order: null };
        const paid = await sandboxPay(shop, buyer.token, (created[index]!.body.razorpayOrder as { id: string }).id);
        const verified = await verifyPayment(shop, buyer.token, paid);
        return { status: verified.status, order: verified.body.order as Order };
      }),
    );
    expect(results.every((result) => result.status < 500)).toBe(true);
    const live = results.filter((result) => result.order?.status === 'pending');
    const refunds = results.filter((result) => result.order?.paymentStatus === 'refund_pending');
    expect(live).toHaveLength(5);
    expect(live.length + refunds.length + results.filter((result) => result.order === null).length).toBe(50);
    expect((await product('oracle-smoke')).inventory).toBe(0);
  });

  it('gives a coupon limited to 3 uses to exactly 3 of 30 checkouts at once', async () => {
    await insertFestivalWithCoupon(shop.database.db, {
      name: 'Amavasya',
      festivalCode: 'AMAVASYA3',
      couponType: 'fixed',
      discountValue: 10_000,
      usageLimit: 3,
      startDate: new Date('2026-11-01T00:00:00Z'),
      endDate: new Date('2026-12-01T00:00:00Z'),
    });
    const id = await setInventory('owl-hour', 100);
    await shop.database.db.update(products).set({ pricePaise: 150_000 }).where(eq(products.id, id));
    const { productSizes } = await import('../../db/schema/index.ts');
    await shop.database.db.update(productSizes).set({ pricePaise: 150_000 }).where(eq(productSizes.productId, id));
    const buyers = await Promise.all(Array.from({ length: 30 }, () => registerCustomer(shop)));
    const results = await Promise.all(
      buyers.map(async (buyer) => {
        const created = await createPaymentOrder(shop, buyer.token, [{ productId: id, size: '15ml', quantity: 1 }], { couponCode: 'AMAVASYA3' });
        if (created.status !== 200) return null;
        const paid = await sandboxPay(shop, buyer.token, (created.body.razorpayOrder as { id: string }).id);
        return (await verifyPayment(shop, buyer.token, paid)).body.order as Order;
      }),
    );
    const discountedLive = results.filter((order) => order && order.status !== 'cancelled' && order.discountAmount > 0);
    expect(discountedLive).toHaveLength(3);
    const festival = await festivalCouponByCode(shop.database.db, 'AMAVASYA3');
    expect(festival!.usedCount).toBe(3);
    // The coupon's uses were held at checkout: the other 27 heard so before paying, and nobody is owed a refund.
    expect(results.filter((order) => order === null)).toHaveLength(27);
    expect(results.filter((order) => order?.paymentStatus === 'refund_pending')).toHaveLength(0);
  });
});

describe('sandbox test payments', () => {
  it('answers a failure in Razorpay’s shape and leaves the checkout unpaid', async () => {
    const id = await setInventory('pereisia', 5);
    const created = await createPaymentOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    const orderId = (created.body.razorpayOrder as { id: string }).id;
    const failed = await call(shop, 'POST', '/api/payments/sandbox/pay', { token: customer.token, body: { razorpay_order_id: orderId, outcome: 'failure' } });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_failed', metadata: { order_id: orderId } } });
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId));
    expect(order).toBeUndefined();
  });

  it('signs with a secret the verification accepts, and nothing else does', async () => {
    const id = await setInventory('raat-rani', 5);
    const created = await createPaymentOrder(shop, customer.token, [{ productId: id, size: '15ml', quantity: 1 }]);
    const paid = await sandboxPay(shop, customer.token, (created.body.razorpayOrder as { id: string }).id);
    expect(paid.razorpay_signature).toBe(paymentSignature(paid.razorpay_order_id, paid.razorpay_payment_id, 'sandbox-secret-for-tests-only'));
  });
});
