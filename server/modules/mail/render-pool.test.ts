import { toPlainText } from '@react-email/render';
import { afterAll, expect, it, vi } from 'vitest';
import { renderEmail } from './render-email.ts';
import { RenderPool, RenderThreadLost } from './render-pool.ts';
import { orderMailDataOf } from './templates/order-mail-data.ts';

const pool = new RenderPool(2);
afterAll(() => pool.close());

const context = { shopUrl: 'https://shop.deosil.test' };
const data = orderMailDataOf(
  {
    orderNumber: 'DP-20261124-0301',
    customerName: 'Mira',
    subtotalPaise: 599_800,
    discountPaise: 0,
    totalPaise: 599_800,
    coupon: null,
    shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
  },
  [{ name: 'Valor', slug: 'valor', size: '50ml', quantity: 2, unitPricePaise: 299_900, lineTotalPaise: 599_800 }],
);

it('renders in its threads exactly what the template renders in this one, many at once', async () => {
  const expected = await renderEmail('order-confirmation', data, context);
  const rendered = await Promise.all(Array.from({ length: 6 }, () => pool.render('order-confirmation', data, context)));
  for (const message of rendered) expect(message).toEqual(expected);
  expect(expected.text).toContain('DP-20261124-0301');
});

it('writes the text part as @react-email/render would: headings in capitals, links followed by their addresses, no markup', async () => {
  const rendered = await renderEmail('order-confirmation', data, context);
  expect(rendered.text).toBe(toPlainText(rendered.html));
  expect(rendered.text).toContain('YOUR POTIONS ARE ON THEIR WAY TO THE CAULDRON');
  expect(rendered.text).toContain('View your order https://shop.deosil.test/orders/DP-20261124-0301');
  expect(rendered.text).not.toMatch(/<[a-z]/i);
});

it("answers a template's own failure as that template's error, not as a lost thread, and keeps rendering", async () => {
  const failure = await pool.render('order-confirmation', { ...data, items: null }, context).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(Error);
  expect(failure).not.toBeInstanceOf(RenderThreadLost);
  await expect(pool.render('no-such-template', data, context)).rejects.toThrow('Unknown e-mail template no-such-template');
  await expect(pool.render('order-confirmation', data, context)).resolves.toMatchObject({ subject: 'Your order DP-20261124-0301 is confirmed' });
});

it('starts no thread before a message needs one, and ends a thread once it has had nothing to render for a while', async () => {
  const idlePool = new RenderPool(2, 300);
  try {
    expect(idlePool.running).toBe(0);
    await idlePool.render('order-confirmation', data, context);
    expect(idlePool.running).toBe(1);
    await vi.waitFor(() => expect(idlePool.running).toBe(0), { timeout: 10_000 });
    // A message after that starts a thread again.
    await expect(idlePool.render('order-confirmation', data, context)).resolves.toMatchObject({ subject: 'Your order DP-20261124-0301 is confirmed' });
  } finally {
    await idlePool.close();
  }
});

it('starts a second thread only while the first has messages in hand, never more than its size', async () => {
  const busyPool = new RenderPool(2, 60_000);
  try {
    await busyPool.render('order-confirmation', data, context);
    await busyPool.render('order-confirmation', data, context);
    expect(busyPool.running).toBe(1);
    await Promise.all(Array.from({ length: 8 }, () => busyPool.render('order-confirmation', data, context)));
    expect(busyPool.running).toBe(2);
  } finally {
    await busyPool.close();
  }
});
