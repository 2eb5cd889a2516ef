import type { Page } from '@playwright/test';
import { WHATSAPP_TEMPLATES } from '../../server/modules/whatsapp/templates/index.ts';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { waitForMail } from '../support/e2e-mailbox.ts';
import { signUpOnPage } from '../support/e2e-orders.ts';
import { pressButton, standInMessages, type StandInMessage } from '../support/e2e-whatsapp.ts';

const STAND_IN = `http://127.0.0.1:${Number(process.env.E2E_WHATSAPP_PORT ?? Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 100) + 1)}`;
const field = (page: Page, label: string) => page.locator('main').getByRole('textbox', { name: label, exact: true });

/** Waits until the stand-in accepted a message of `template` for `phone`. */
async function accepted(page: Page, phone: string, template: string): Promise<StandInMessage> {
  let found: StandInMessage | undefined;
  await expect
    .poll(async () => {
      found = (await standInMessages(page.request, STAND_IN, phone)).find((message) => message.template === template);
      return found?.template;
    }, { timeout: 20_000 })
    .toBe(template);
  return found!;
}

/**
 * The journeys' shop sends WhatsApp to a stand-in of Meta's Cloud API, which posts each message's status webhooks
 * back as Meta does. A shopper ticks the WhatsApp box at a cash-on-delivery checkout, gets the confirmation
 * template with its two buttons, taps Confirm order; the order is confirmed on WhatsApp, and the back office's
 * message log shows the messages with what became of them, and the templates' previews.
 */
test('a COD shopper who opts in at checkout confirms the order with one tap on WhatsApp; the back office shows the messages and previews', async ({ page, otherPage }, testInfo) => {
  test.setTimeout(120_000);
  const { email } = await signUpOnPage(page, 'Kavya Iyer', 'whatsapp');
  const welcome = await waitForMail(email, /verify your e-mail/i);
  const proof = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(welcome.text)![1];
  expect((await page.request.post('/api/auth/verify-email', { data: { token: proof } })).status()).toBe(200);
  // A number of this run's own, so the stand-in's messages for it are this journey's.
  const digits = `9${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  const phone = `91${digits}`;

  await page.goto('/products/valor');
  await page.getByText('15ml', { exact: true }).click();
  // On a busy machine the button may be pressed before it has come to life: pressed again until the drawer opens.
  await expect(async () => {
    await page.getByRole('button', { name: 'Add to cart: Valor, 15ml', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ }).getByRole('link', { name: 'SECURE CHECKOUT' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await field(page, 'Phone').fill(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
  await field(page, 'Street Address').fill('7 Lotus Court');
  await field(page, 'City').fill('Chennai');
  await field(page, 'ZIP Code').fill('600001');
  await page.locator('main').getByRole('combobox', { name: 'State', exact: true }).selectOption('Tamil Nadu');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  // Opt-in only: the box starts unticked.
  const optIn = page.getByRole('checkbox', { name: 'Send my order updates on WhatsApp' });
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  await page.screenshot({ path: testInfo.outputPath('checkout-whatsapp-box.png'), fullPage: true });
  await page.getByRole('button', { name: 'Place Order (Cash on Delivery)' }).click();
  // The success page's code arrives after the order is placed (the cart shows empty meanwhile).
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed!' })).toBeVisible({ timeout: 15_000 });
  const orderNumber = (await page.getByTestId('success-order-number').innerText()).trim();

  // Meta (the stand-in) took the confirmation template for the number given at checkout, with its two buttons.
  const request = await accepted(page, phone, 'cod_confirm_request');
  expect(request.variables).toEqual(['Kavya', orderNumber, expect.stringMatching(/^₹[\d,]+\.\d{2}$/), expect.any(String)]);
  expect(request.buttons.map((payload) => payload.split(':')[0])).toEqual(['cod-confirm', 'cod-cancel']);

  // The shopper taps Confirm order: Meta posts the button reply to the shop's webhook.
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByTestId('order-payment-status')).toContainText('Awaiting your confirmation');
  expect(await pressButton(page.request, STAND_IN, { phone, payload: request.buttons[0]!, text: 'Confirm order', context: request.id })).toBe(200);
  await expect(page.getByTestId('order-payment-status')).toContainText('Confirmed · pay');
  const confirmed = await accepted(page, phone, 'cod_confirmed');
  expect(confirmed.variables[1]).toBe(orderNumber);

  // The back office: which channel confirmed, and the message log with the statuses Meta reported.
  await signInToAdmin(otherPage);
  await otherPage.goto('/admin/orders');
  await otherPage.getByLabel('Search orders').fill(orderNumber);
  await otherPage.getByRole('button', { name: `View order ${orderNumber}` }).first().click();
  await expect(otherPage.getByRole('dialog', { name: orderNumber })).toContainText('Confirmed by the customer');
  await expect(otherPage.getByRole('dialog', { name: orderNumber })).toContainText('on WhatsApp');

  await otherPage.goto('/admin/whatsapp');
  await expect(otherPage.getByRole('heading', { name: 'WhatsApp messages' })).toBeVisible();
  await expect(otherPage.getByTestId('whatsapp-health')).toHaveText('WhatsApp is on.');
  const entries = otherPage.getByTestId(testInfo.project.name === 'phone' ? 'whatsapp-card' : 'whatsapp-row').filter({ hasText: orderNumber });
  await expect(entries).toHaveCount(2);
  const requestEntry = entries.filter({ hasText: 'cod_confirm_request' });
  await expect(requestEntry.getByTestId('whatsapp-body')).toContainText(`your cash-on-delivery order ${orderNumber}`);
  await expect(requestEntry.getByTestId('whatsapp-body').getByText('Confirm order', { exact: true })).toBeVisible();
  // Sent, delivered, read: the stand-in's status webhooks moved each row on; Refresh until the last has come.
  await expect
    .poll(async () => {
      await otherPage.getByRole('button', { name: 'Refresh' }).click();
      return entries.getByTestId('whatsapp-status').allInnerTexts();
    }, { timeout: 20_000 })
    .toEqual(['Read', 'Read']);
  await expect(requestEntry).toContainText(/read \d{1,2} \w{3} \d{4}/);

  // The templates' previews: the approved words with sample values, and the quick replies under them.
  const templates = otherPage.getByTestId('whatsapp-template');
  await expect(templates).toHaveCount(Object.keys(WHATSAPP_TEMPLATES).length);
  const codRequest = templates.filter({ hasText: 'cod_confirm_request' });
  const preview = codRequest.getByTestId('whatsapp-template-preview');
  await expect(preview).toContainText('Hello Asha, your cash-on-delivery order DP-20261127-0042 for ₹1,847.00 is waiting for your confirmation.');
  await expect(preview.getByText('Confirm order', { exact: true })).toBeVisible();
  await expect(preview.getByText('Cancel order', { exact: true })).toBeVisible();
  await expect(codRequest).toContainText('{{1}} customerName, {{2}} orderNumber, {{3}} total, {{4}} confirmBy');
  await expect(templates.filter({ hasText: 'delivery_failed' }).getByText('Deliver tomorrow', { exact: true })).toBeVisible();
  await otherPage.screenshot({ path: testInfo.outputPath('admin-whatsapp.png'), fullPage: true });

  // Nothing on the page is wider than the screen, on a phone as on a desk.
  const overflow = await otherPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
