import { DEMO_ADMIN } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { openSignedIn, valorToPaymentStep } from '../support/e2e-orders.ts';
import { waitForMail } from '../support/e2e-mailbox.ts';

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const inRupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a shopper pays part of a cash-on-delivery order with a gift card: the checkout, the e-mail and the order page ask only for the rest', async ({ page }, info) => {
  test.setTimeout(90_000);
  const login = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  const admin = { authorization: `Bearer ${(await login.json()).token}` };
  const issued = await page.request.post('/api/admin/gift-cards', { headers: admin, data: { amount: 500, recipientName: 'Meera Kapoor', recipientEmail: 'meera@deosil.test', reason: 'A prize at the market' } });
  expect(issued.status()).toBe(201);
  const { code } = await issued.json();

  // A new customer with a proven e-mail address: the shop offers cash on delivery only to those.
  const email = `codcard.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Meera Kapoor', email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  const { token } = await registered.json();
  const welcome = await waitForMail(email, /verify your e-mail/i);
  const proof = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(welcome.text)![1];
  expect((await page.request.post('/api/auth/verify-email', { data: { token: proof } })).status()).toBe(200);
  await openSignedIn(page, token);

  await valorToPaymentStep(page, { city: 'Mumbai', zipCode: '400001' });

  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  await expect(page.getByTestId('checkout-cod-fee')).toHaveText('₹49.00');
  const total = rupees(await page.getByTestId('checkout-total').innerText());
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Gift card ••••${code.slice(-4)}`)).toBeVisible();
  // The bill keeps its total; the card's part shows under it, and the cash to pay on delivery is the rest.
  await expect(page.getByTestId('checkout-total')).toHaveText(inRupees(total));
  await expect(page.getByTestId('checkout-balances')).toHaveText('−₹500.00');
  await expect(page.getByTestId('checkout-due')).toHaveText(inRupees(total - 500));
  await expect(page.getByTestId('payment-amount')).toHaveText(inRupees(total - 500));
  await page.screenshot({ path: info.outputPath(`cod-step-${info.project.name}.png`), fullPage: true });

  await page.getByRole('button', { name: 'Place Order (Cash on Delivery)' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed!' })).toBeVisible();
  await expect(page.getByTestId('success-cod')).toContainText(`Pay ${inRupees(total - 500)} in cash when your potion arrives`);
  const orderNumber = (await page.getByTestId('success-order-number').innerText()).trim();

  const mail = await waitForMail(email, new RegExp(`Please confirm your cash-on-delivery order ${orderNumber}`));
  expect(mail.text).toContain(`Please keep ${inRupees(total - 500)} ready for the courier`);

  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByTestId('cod-confirm-panel')).toContainText(`You chose to pay ${inRupees(total - 500)} in cash on delivery, after ₹500.00 from gift cards and store credit`);
  await expect(page.getByTestId('summary-total')).toHaveText(inRupees(total));
  await expect(page.getByTestId('summary-due')).toHaveText(inRupees(total - 500));
  await page.screenshot({ path: info.outputPath(`cod-order-${info.project.name}.png`), fullPage: true });

  // The card is spent while the order waits for its cash.
  const checked = await page.request.post('/api/gift-cards/check', { headers: { authorization: `Bearer ${token}` }, data: { code } });
  expect((await checked.json()).giftCard.balance).toBe(0);
});
