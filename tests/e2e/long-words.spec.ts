import { expect, test } from '../support/e2e.ts';
import { registerThroughApi, sandboxOrderThroughApi } from '../support/e2e-orders.ts';
import { ACCOUNT_PAGES, STOREFRONT_PAGES } from '../support/storefront-pages.ts';

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
  const token = await registerThroughApi(page.request, LONG.name, email);
  const orderNumber = await sandboxOrderThroughApi(page.request, token, {
    customerInfo: { name: LONG.name, email, phone: '9876543210' },
    shippingAddress: { street: LONG.street, city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
  });

  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('deosil-customer-token', value), token);
  const pages = [
    ...STOREFRONT_PAGES,
    ...ACCOUNT_PAGES,
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
