import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { placeSandboxOrder, signUpOnPage } from '../support/e2e-orders.ts';

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;

/** A new customer, signed in on this page; returns their session token. */
async function signUp(page: Page, name: string): Promise<string> {
  return (await signUpOnPage(page, name, 'checkout')).token;
}

async function addValor50(page: Page) {
  await page.goto('/products/valor');
  await page.getByText('50ml', { exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  // Pressed in the first moment after sign-up, while the cart's sign-in merge is on its way: the item must stay.
  await page.getByRole('button', { name: 'Add to cart: Valor, 50ml', exact: true }).click();
  await expect(drawer.getByRole('heading', { level: 2 })).toHaveText('YOUR MYSTICAL CART (1)');
  return drawer;
}

const field = (page: Page, label: string) => page.locator('main').getByRole('textbox', { name: label, exact: true });

async function fillAddress(page: Page) {
  await field(page, 'Street Address').fill('12 Moonlit Lane');
  await field(page, 'City').fill('Pune');
  await page.locator('main').getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await field(page, 'ZIP Code').fill('411001');
}

async function reachPayment(page: Page) {
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
}

test('a customer checks out with a coupon, pays in the sandbox, keeps a receipt and follows the order as it ships', async ({ page, otherPage }) => {
  test.setTimeout(90_000);
  await signUp(page, 'Mira Night');
  const drawer = await addValor50(page);
  // DEEPAM15: 15 % off orders of ₹1,999 or more, up to ₹750.
  await drawer.getByRole('button', { name: /DEEPAM15/ }).click();
  await expect(drawer.getByTestId('cart-discount')).toBeVisible();
  await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();

  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  // Without Razorpay keys the sandbox takes the payment, and the checkout says so before anything is typed.
  await expect(page.getByTestId('test-payment-marker')).toContainText('Test payment — no money moves');
  await expect(field(page, 'First Name')).toHaveValue('Mira');
  await expect(field(page, 'Last Name')).toHaveValue('Night');
  await expect(field(page, 'Email')).toHaveValue(/@deosil\.test$/);
  await expect(field(page, 'Country')).toHaveValue('India');

  // A bad phone number shows its message on blur and stops the step; fixing it lets the customer on.
  await field(page, 'Phone').fill('12345');
  await field(page, 'Phone').blur();
  await expect(page.getByText('Please enter a 10-digit Indian mobile number (starting 6, 7, 8 or 9)')).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByText('Please fix 1 validation error(s) before continuing.')).toBeVisible();
  await expect(field(page, 'Phone')).toBeFocused();
  await field(page, 'Phone').fill('+91 98765 43210');
  await expect(page.getByText('Please enter a 10-digit Indian mobile number (starting 6, 7, 8 or 9)')).toBeHidden();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByText('Shipping information validated successfully!')).toBeVisible();
  // The newer outcome replaces the error it answers: the two never stand side by side.
  await expect(page.getByText('Please fix 1 validation error(s) before continuing.')).toBeHidden();

  // The review shows the server's totals once, at any width: ₹2,999 less 15 %.
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await expect(page.getByTestId('checkout-totals').filter({ visible: true })).toHaveCount(1);
  const totals = page.getByTestId('checkout-totals').filter({ visible: true }).first();
  await expect(totals.getByTestId('checkout-discount')).toBeVisible();
  expect(rupees(await totals.getByTestId('checkout-subtotal').innerText())).toBe(2999);
  expect(rupees(await totals.getByTestId('checkout-discount').innerText())).toBeCloseTo(449.85, 2);
  expect(rupees(await totals.getByTestId('checkout-total').innerText())).toBeCloseTo(2549.15, 2);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // Leaving the step takes its toast along.
  await expect(page.getByText('Shipping information validated successfully!')).toBeHidden();

  await expect(page.getByTestId('payment-amount')).toHaveText('₹2,549.15');
  await page.getByRole('button', { name: 'Pay ₹2,549.15' }).click();
  const sandbox = page.getByRole('dialog', { name: 'Test payment — no money moves' });
  await expect(sandbox).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
  // The first try is declined, the second goes through.
  await sandbox.getByRole('button', { name: 'Failure' }).click();
  const declined = page.getByText(/^Payment failed: /);
  await expect(declined).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹2,549.15' }).click();
  await sandbox.getByRole('button', { name: 'Success' }).click();

  await expect(page).toHaveURL(/\/orders\/success\/DP-\d{8}-\d{4}$/);
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed!' })).toBeVisible();
  // The placed order answers the failed try: its toast is gone.
  await expect(declined).toBeHidden();
  const orderNumber = await page.getByTestId('success-order-number').innerText();
  expect(page.url()).toContain(orderNumber);
  await expect(page.getByText('Order Received', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
  // Paid for: the cart is empty now.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('mystical-cart') ?? '{}').state?.items)).toEqual([]);

  // The sandbox took the payment: the page says no money moved, and the receipt names the method as it was.
  await expect(page.getByTestId('test-payment-marker')).toContainText('Test payment — no money moves');
  const receiptButton = page.getByRole('button', { name: 'Download Receipt' });
  await expect(receiptButton).toHaveAccessibleDescription('Order receipt (text)');
  const [download] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
  expect(download.suggestedFilename()).toBe(`receipt-${orderNumber}.txt`);
  const receipt = await readFile(await download.path(), 'utf8');
  expect(receipt).toContain(`Order number: ${orderNumber}`);
  expect(receipt).toContain('Valor (50ml)');
  expect(receipt).toMatch(/Discount \(DEEPAM15\) +-₹449\.85/);
  expect(receipt).toMatch(/Total +₹2,549\.15/);
  expect(receipt).toContain('12 Moonlit Lane');
  expect(receipt).toContain('Pune, Maharashtra 411001');
  expect(receipt).toContain('Payment: Sandbox test payment (no money moved)');

  await page.goto('/orders/track');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  const card = page.getByTestId('track-card').filter({ hasText: orderNumber });
  await expect(card).toBeVisible();
  await expect(card).toContainText('₹2,549.15');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  await card.click();

  await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}$`));
  await expect(page.getByRole('heading', { name: orderNumber })).toBeVisible();
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline).toContainText('Order Received');
  await expect(timeline).toContainText('Updated by System');
  await expect(page.getByText('₹2,999.00 each')).toBeVisible();

  // The shop owner ships it from the back office while the customer keeps the order open.
  await signInToAdmin(otherPage);
  await otherPage.goto(`/admin/orders?search=${orderNumber}`);
  await otherPage.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const adminDialog = otherPage.getByRole('dialog', { name: orderNumber });
  await adminDialog.getByLabel('New status').selectOption('shipped');
  await adminDialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(otherPage.getByText(`Order ${orderNumber} status changed to shipped`)).toBeVisible();
  await otherPage.getByRole('button', { name: `View order ${orderNumber}` }).click();
  await adminDialog.getByLabel('Tracking number').fill('BD123456789IN');
  await adminDialog.getByLabel('Carrier').selectOption('Blue Dart');
  await adminDialog.getByRole('button', { name: 'Add Tracking' }).click();
  await expect(otherPage.getByText(`Tracking number BD123456789IN added to order ${orderNumber}`)).toBeVisible();

  // The customer's open page hears it on the live stream: the bell, the status, the timeline in the admin's name.
  await expect(page.getByTestId('current-status')).toContainText('On Mystical Journey');
  await expect(page.getByTestId('current-status')).toContainText('BD123456789IN');
  await expect(timeline).toContainText('Updated by Demo Keeper');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  const inbox = page.getByRole('region', { name: 'Notifications' });
  await expect(inbox.getByText(`Order ${orderNumber} status changed to Shipped — On Mystical Journey`)).toBeVisible();
  await expect(inbox.getByText(`Tracking number BD123456789IN added to order ${orderNumber}`)).toBeVisible();
  await bell.click();

  await page.goto('/orders');
  await expect(page.getByText('Showing 1 of 1 orders')).toBeVisible();
  await expect(page.getByTestId('history-card').filter({ hasText: orderNumber })).toBeVisible();
});

test('a declined or cancelled payment says so and leaves the cart as it was', async ({ page }) => {
  await signUp(page, 'Ravi Shadow');
  const drawer = await addValor50(page);
  await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();
  await field(page, 'Phone').fill('9876543210');
  await fillAddress(page);
  // The PIN code must belong to the chosen state: the place of supply on the tax invoice.
  const state = page.locator('main').getByRole('combobox', { name: 'State', exact: true });
  await field(page, 'ZIP Code').blur();
  await state.selectOption('Karnataka');
  await expect(page.getByText('PIN code 411001 is in Maharashtra, not Karnataka')).toBeVisible();
  await state.selectOption('Maharashtra');
  await expect(page.getByText('PIN code 411001 is in Maharashtra, not Karnataka')).toBeHidden();
  await reachPayment(page);

  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const sandbox = page.getByRole('dialog', { name: 'Test payment — no money moves' });
  await sandbox.getByRole('button', { name: 'Failure' }).click();
  await expect(page.getByText('Payment failed: Your payment was declined by the bank (sandbox test failure).')).toBeVisible();
  // Beside the toast, the Payment step itself says so for 4 s.
  const notice = page.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' });
  await expect(notice).toBeVisible();
  await expect(sandbox).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(notice).toBeHidden({ timeout: 5_000 });

  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  // Closing the payment window gives the units set aside for it back at once.
  const released = page.waitForResponse((response) => response.url().endsWith('/api/payments/razorpay/release-hold'));
  await sandbox.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Payment cancelled')).toBeVisible();
  expect(await (await released).json()).toEqual({ success: true, released: true });
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeEnabled();

  // Nothing was bought: the cart still holds the potion after a reload, and no order exists.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText('Valor');
  // And what was typed is still there (the phone as the shop writes an Indian mobile).
  await expect(field(page, 'Phone')).toHaveValue('+91 98765 43210');
  await expect(field(page, 'Street Address')).toHaveValue('12 Moonlit Lane');
  await expect(field(page, 'ZIP Code')).toHaveValue('411001');
  const mine = await page.evaluate(async () => {
    const response = await fetch('/api/orders/mine', { headers: { authorization: `Bearer ${localStorage.getItem('deosil-customer-token')}` } });
    return (await response.json()).orders.length;
  });
  expect(mine).toBe(0);
});

test('a returning customer finds the checkout filled from their last order', async ({ page }) => {
  const token = await signUp(page, 'Asha Verma');
  await placeSandboxOrder(page, token);
  const drawer = await addValor50(page);
  await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  // The order kept the number as couriers read it, whatever way it was typed.
  await expect(field(page, 'Phone')).toHaveValue('+91 98765 43210');
  await expect(field(page, 'Street Address')).toHaveValue('12 Moonlit Lane');
  await expect(field(page, 'City')).toHaveValue('Pune');
  await expect(page.locator('main').getByRole('combobox', { name: 'State', exact: true })).toHaveValue('Maharashtra');
  await expect(field(page, 'ZIP Code')).toHaveValue('411001');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
});

test('the last use of a coupon is held for the customer paying: a rival is refused and the payment goes through', async ({ page }) => {
  test.setTimeout(60_000);
  const admin = await (await page.request.post('/api/admin/login', { data: { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13' } })).json();
  const asAdmin = { authorization: `Bearer ${admin.token}` };
  const code = `LAST${Math.floor(Math.random() * 1e6)}`;
  const day = 24 * 60 * 60 * 1000;
  const created = await page.request.post('/api/admin/festivals', {
    headers: asAdmin,
    data: {
      name: 'Last Lamp',
      description: 'One ₹100 blessing, for the first to claim it.',
      bannerImage: '/images/potions/valor.svg',
      startDate: new Date(Date.now() - day).toISOString(),
      endDate: new Date(Date.now() + day).toISOString(),
      priority: 1,
      festivalCode: code,
      couponType: 'fixed',
      discountPercentage: 100,
      minimumOrderAmount: 0,
      usageLimit: 1,
    },
  });
  expect(created.status()).toBe(201);
  const festivalId = (await created.json()).festival._id;
  try {
    const token = await signUp(page, 'Ravi Shadow');
    const drawer = await addValor50(page);
    await drawer.getByRole('textbox', { name: 'Coupon code' }).fill(code);
    await drawer.getByRole('textbox', { name: 'Coupon code' }).press('Enter');
    await expect(drawer.getByTestId('cart-discount')).toBeVisible();
    await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();
    await field(page, 'Phone').fill('9876543210');
    await fillAddress(page);
    await reachPayment(page);
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    const sandbox = page.getByRole('dialog', { name: 'Test payment — no money moves' });
    await expect(sandbox).toBeVisible();

    // Someone else tries to claim the coupon's only use while this customer is paying: it is held for them.
    const rival = await (
      await page.request.post('/api/auth/register', { data: { name: 'Quick Rival', email: uniqueEmail('rival'), password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } })
    ).json();
    expect(rival.token).toBeTruthy();
    const valor = (await (await page.request.get('/api/products/valor')).json()).product;
    const refused = await page.request.post('/api/payments/razorpay/create-payment-order', {
      headers: { authorization: `Bearer ${rival.token}` },
      data: {
        items: [{ productId: valor.id, size: '15ml', quantity: 1 }],
        couponCode: code,
        customerInfo: { name: 'Quick Rival', email: 'rival@deosil.test', phone: '9876543210' },
        shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
      },
    });
    expect([400, 409]).toContain(refused.status());
    expect((await refused.json()).errors[0]).toMatchObject({ field: 'couponCode', message: expect.stringMatching(/usage limit/) });

    await sandbox.getByRole('button', { name: 'Success' }).click();
    await expect(page.getByRole('heading', { name: 'Order Successfully Placed!' })).toBeVisible();
    const mine = await (await page.request.get('/api/orders/mine', { headers: { authorization: `Bearer ${token}` } })).json();
    expect(mine.orders).toHaveLength(1);
    expect(mine.orders[0]).toMatchObject({ status: 'pending', paymentStatus: 'paid', appliedCoupon: { code } });
  } finally {
    await page.request.delete(`/api/admin/festivals/${festivalId}`, { headers: asAdmin });
  }
});

test('order pages ask a visitor to sign in, and an unknown order is not found', async ({ page }) => {
  await page.goto('/orders/track');
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Login' })).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  await expect(page.getByText('You need to be logged in to place an order.')).toBeVisible();
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();

  await signUp(page, 'Asha Verma');
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByText('Add some mystical items to proceed with checkout.')).toBeVisible();
  await page.goto('/orders/DP-20000101-0000');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByText('No orders yet')).toBeVisible();
});

test('the order pages and checkout pass an accessibility audit', async ({ page }) => {
  // Five full audits on a shared machine take longer than one journey step.
  test.setTimeout(90_000);
  const token = await signUp(page, 'Asha Verma');
  const orderNumber = await placeSandboxOrder(page, token);
  await addValor50(page);
  const pages: [string, string][] = [
    ['/checkout', 'Shipping Information'],
    ['/orders/track', 'My Orders'],
    [`/orders/${orderNumber}`, orderNumber],
    ['/orders', 'Order History'],
    [`/orders/success/${orderNumber}`, 'Order Successfully Placed!'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  }
});
