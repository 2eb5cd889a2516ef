import { expect, test } from '../support/e2e.ts';

/** A shopper whose own words are long: a 60-character e-mail, a double-barrelled name, a long street. */
const LONG = {
  name: 'Morgana Ravenswood-Nightshadeworthington',
  street: '12 Moonlit Lane, Behind the Old Observatory of Whisperingpinesandhollowsofthenorth',
};

test('a phone never scrolls sideways on any storefront page, whatever the shopper typed', async ({ page }) => {
  test.setTimeout(120_000);
  // The width of a small phone, in either project: the narrow screen is what this is about.
  await page.setViewportSize({ width: 375, height: 812 });
  const email = `morgana.le.fay.of.avalon.${Date.now()}@enchanted-mailbox-of-the-north.example`;
  const registered = await page.request.post('/api/auth/register', { data: { name: LONG.name, email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  expect(registered.status()).toBe(201);
  const { token } = await registered.json();
  const headers = { authorization: `Bearer ${token}` };
  const valor = (await (await page.request.get('/api/products/valor')).json()).product;
  const created = await (
    await page.request.post('/api/payments/razorpay/create-payment-order', {
      headers,
      data: {
        items: [{ productId: valor.id, size: '15ml', quantity: 1 }],
        customerInfo: { name: LONG.name, email, phone: '9876543210' },
        shippingAddress: { street: LONG.street, city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
      },
    })
  ).json();
  const paid = await (await page.request.post('/api/payments/sandbox/pay', { headers, data: { razorpay_order_id: created.razorpayOrder.id, outcome: 'success' } })).json();
  const verified = await page.request.post('/api/payments/razorpay/verify-and-create-order', { headers, data: paid });
  expect(verified.status()).toBe(200);
  const { orderNumber } = (await verified.json()).order;

  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('deosil-customer-token', value), token);
  const pages = [
    '/',
    '/products',
    '/products/valor',
    '/collection',
    '/rituals',
    '/about',
    '/contact',
    '/faq',
    '/shipping',
    '/returns',
    '/privacy',
    '/terms',
    '/profile',
    '/orders',
    '/orders/track',
    `/orders/${orderNumber}`,
    `/orders/success/${orderNumber}`,
    `/unsubscribe?list=review-requests&email=${encodeURIComponent(email)}&token=abc`,
  ];
  for (const path of pages) {
    await page.goto(path);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${path} is ${scrollWidth} px wide on a 375 px screen`).toBeLessThanOrEqual(375);
  }

  // The checkout, filled from that order, and its review.
  await page.goto('/products/valor');
  await page.getByRole('button', { name: /^Add to cart: Valor/ }).first().click();
  await page.goto('/checkout');
  await expect(page.locator('main').getByRole('textbox', { name: 'Street Address', exact: true })).toHaveValue(LONG.street);
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `the checkout review is ${scrollWidth} px wide`).toBeLessThanOrEqual(375);
});
