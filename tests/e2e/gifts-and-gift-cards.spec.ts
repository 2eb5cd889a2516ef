import { type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { waitForMail } from '../support/e2e-mailbox.ts';
import { signUpOnPage } from '../support/e2e-orders.ts';
import { pdfText } from '../support/pdf-text.ts';

const field = (page: Page, label: string) => page.locator('main').getByRole('textbox', { name: label, exact: true });
const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const inRupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** A printed gift card code: four groups of four from the code alphabet (no 0, 1, I or O). */
const CODE = /\b[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}\b/;
/** The job workers send mail a moment after the order's transaction; on a loaded machine that moment stretches. */
const MAIL_WAIT_MS = 45_000;
const MESSAGE = 'Happy Diwali, Ananya!\nSix small potions to find your own. — Meera';

async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  const response = await request.post('/api/admin/login', { data: DEMO_ADMIN });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** A message still in the shop's outbox (its send time not come), rendered as the back office's e-mail log shows it. */
async function queuedMail(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  const admin = await adminHeaders(request);
  const { emails } = (await (await request.get('/api/admin/emails?limit=50', { headers: admin })).json()) as { emails: { id: string; to: string; template: string }[] };
  const queued = emails.find((email) => email.to === to && email.template === 'gift-card-delivery');
  expect(queued, `no gift card e-mail to ${to} in the outbox`).toBeTruthy();
  return ((await (await request.get(`/api/admin/emails/${queued!.id}`, { headers: admin })).json()) as { email: { subject: string; text: string } }).email;
}

async function fillShipping(page: Page): Promise<void> {
  await field(page, 'Phone').fill('+91 98765 43210');
  await field(page, 'Street Address').fill('12 Moonlit Lane');
  await field(page, 'City').fill('Pune');
  await page.locator('main').getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await field(page, 'ZIP Code').fill('411001');
}

/** The payment step: the sandbox's test-payment window, answered 'Success'; ends on the order's success page. */
async function payInSandbox(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('dialog', { name: 'Test payment — no money moves' }).getByRole('button', { name: 'Success' }).click();
  // The order is written after the sandbox's answer is verified and captured: on a busy machine that takes seconds.
  await expect(page).toHaveURL(/\/orders\/success\/DP-\d{8}-\d{4}$/, { timeout: 60_000 });
  return page.getByTestId('success-order-number').innerText();
}

test('a discovery set goes as a wrapped gift with a message, paid partly by gift card: the bill, the confirmation and the packing slip', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await adminHeaders(page.request);
  const issued = await page.request.post('/api/admin/gift-cards', { headers: admin, data: { amount: 500, recipientName: 'Meera Iyer', recipientEmail: 'meera@deosil.test', reason: 'A prize at the Diwali market' } });
  expect(issued.status()).toBe(201);
  const { code } = (await issued.json()) as { code: string };
  const { email } = await signUpOnPage(page, 'Meera Iyer', 'giftset');

  await page.goto('/products/discovery-set');
  await page.getByRole('button', { name: /^Add to cart: Discovery Set/ }).click();
  await page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ }).getByRole('link', { name: 'SECURE CHECKOUT' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await fillShipping(page);
  const gift = page.getByTestId('gift-option');
  await gift.getByRole('checkbox', { name: /This is a gift/ }).check();
  await gift.getByRole('checkbox', { name: /^Gift wrap it in black and gold/ }).check();
  await gift.getByRole('textbox', { name: "Recipient's name" }).fill('Ananya Rao');
  await gift.getByRole('textbox', { name: 'Message on the card' }).fill(MESSAGE);
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByTestId('review-gift')).toContainText('A gift for Ananya Rao, gift wrapped');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // The gift card pays ₹500 of the bill; the sandbox collects the rest.
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  const total = rupees((await page.getByTestId('payment-amount').textContent())!);
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Gift card ••••${code.slice(-4)}`)).toBeVisible();
  await expect(page.getByTestId('paid-with-balances')).toHaveText('Gift cards and store credit pay ₹500.00');
  await expect(page.getByTestId('payment-amount')).toHaveText(inRupees(total - 500));
  const orderNumber = await payInSandbox(page);

  // The confirmation names the gift, and the part the card paid.
  await expect(page.getByText('₹500.00 paid with gift cards and store credit')).toBeVisible();
  await expect(page.getByTestId('order-gift')).toContainText('A gift for Ananya Rao');
  await expect(page.getByTestId('order-gift')).toContainText('Gift wrapped');

  // The order's bill: the set, the wrap as a charge on it, and the card as a way it was paid.
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.locator('main').getByRole('link', { name: /Discovery Set/ })).toBeVisible();
  const summary = page.getByTestId('summary-totals');
  await expect(summary).toContainText('Gift wrap');
  await expect(summary).toContainText('₹99.00');
  await expect(summary).toContainText(inRupees(total));
  await expect(page.getByText('₹500.00 paid with gift cards and store credit')).toBeVisible();
  await expect(page.getByTestId('order-gift')).toContainText('Six small potions to find your own.');

  // The confirmation e-mail, as the shop's SMTP client delivered it.
  const confirmation = await waitForMail(email, new RegExp(`Your order ${orderNumber} is confirmed`), MAIL_WAIT_MS);
  for (const words of ['Discovery Set', 'Gift wrap', 'A gift for Ananya Rao', 'Gift wrapped', 'Happy Diwali, Ananya!']) expect(confirmation.text).toContain(words);

  // Packed by hand at the dispatch desk: the slip in the parcel prints the card's words and the recipient, and no price.
  const packed = await page.request.post(`/api/admin/orders/${orderNumber}/shipments`, { headers: admin, data: { courierName: 'Delhivery', awb: `GIFT${Date.now()}` } });
  expect(packed.status(), await packed.text()).toBe(201);
  const { shipment } = (await packed.json()) as { shipment: { id: number } };
  const slips = await page.request.post('/api/admin/shipments/packing-slips', { headers: admin, data: { shipmentIds: [shipment.id] } });
  expect(slips.status()).toBe(200);
  const slip = pdfText(await slips.body());
  for (const words of ['A gift for Ananya Rao', 'Happy Diwali, Ananya!', 'Discovery Set']) expect(slip).toContain(words);
  expect(slip).not.toContain('₹');
});

test('a gift card bought at /gift-cards reaches its recipient by e-mail with its code, and pays', async ({ page }) => {
  test.setTimeout(90_000);
  const { token } = await signUpOnPage(page, 'Kabir Sen', 'cardbuyer');
  const recipient = `ira.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;

  await page.goto('/gift-cards');
  const form = page.getByTestId('gift-card-form');
  await form.getByRole('button', { name: '₹1,000.00' }).click();
  await form.getByRole('textbox', { name: "Recipient's name" }).fill('Ira Sen');
  await form.getByRole('textbox', { name: "Recipient's e-mail" }).fill(recipient);
  await form.getByRole('textbox', { name: 'Your message' }).fill('For the new flat: choose a potion for each room.');
  await form.getByRole('button', { name: 'Add gift card to cart' }).click();
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await expect(drawer.getByTestId('cart-gift-cards')).toContainText('For Ira Sen, e-mailed today');
  await drawer.getByRole('button', { name: 'Close cart' }).click();

  // A card goes with an order of potions.
  await page.goto('/products/valor');
  await page.getByRole('button', { name: /^Add to cart: Valor/ }).first().click();
  await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const orderNumber = await payInSandbox(page);

  // A card chosen for today goes at once from 9:00 shop time (decision 74: a morning, never the small hours); bought
  // before then, it waits for 9:00, and the journey reads the queued message as the back office previews it.
  const mailedNow = new Date(Date.now() + IST_OFFSET_MS).getUTCHours() >= 9;
  const subject = /Kabir Sen sent you a ₹1,000\.00 Deosil gift card/;
  const mail = mailedNow ? await waitForMail(recipient, subject, MAIL_WAIT_MS) : await queuedMail(page.request, recipient);
  expect(mail.subject).toMatch(subject);
  expect(mail.text).toContain('Ira Sen');
  expect(mail.text).toContain('For the new flat: choose a potion for each room.');
  const code = CODE.exec(mail.text)?.[0];
  expect(code, mail.text).toBeTruthy();

  // The buyer's order shows the card by its last four, e-mailed; the code itself is only in the recipient's e-mail.
  await page.goto(`/orders/${orderNumber}`);
  const bought = page.getByTestId('order-gift-cards');
  await expect(bought).toContainText(`₹1,000.00 for Ira Sen · card ending ${code!.slice(-4)}`);
  await expect(bought).toContainText(mailedNow ? `E-mailed to ${recipient}` : `To be e-mailed to ${recipient} on`);
  await expect(page.locator('main')).not.toContainText(code!);
  const checked = await page.request.post('/api/gift-cards/check', { headers: { authorization: `Bearer ${token}` }, data: { code } });
  expect(checked.status()).toBe(200);
  expect((await checked.json()).giftCard).toMatchObject({ balance: 1000, status: 'active' });
});

test('a gift card bought on its own: no potion, no address, paid online, and the order shows the card', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpOnPage(page, 'Rhea Kapoor', 'cardalone');
  const recipient = `dev.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;

  await page.goto('/gift-cards');
  const form = page.getByTestId('gift-card-form');
  await form.getByRole('button', { name: '₹2,000.00' }).click();
  await form.getByRole('textbox', { name: "Recipient's name" }).fill('Dev Kapoor');
  await form.getByRole('textbox', { name: "Recipient's e-mail" }).fill(recipient);
  await form.getByRole('textbox', { name: 'Your message' }).fill('Shubh Deepavali! Choose the one that glows.');
  await form.getByRole('button', { name: 'Add gift card to cart' }).click();

  // The cart holds only the card and goes straight to the checkout.
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await expect(drawer.getByTestId('cart-gift-cards')).toContainText('For Dev Kapoor, e-mailed today');
  await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();

  // It asks only who is buying: no address, no delivery day, no cash on delivery, no gift wrap.
  await expect(page.getByRole('heading', { level: 1, name: 'Buy Gift Cards' })).toBeVisible();
  const main = page.locator('main');
  await expect(main.getByRole('textbox', { name: 'Street Address' })).toHaveCount(0);
  await expect(main.getByText(/Cash on Delivery|gift wrap/i)).toHaveCount(0);
  await expect(page.getByTestId('payment-amount')).toHaveText('₹2,000.00');
  await field(page, 'Phone').fill('+91 98765 43210');
  const orderNumber = await payInSandbox(page);

  // The success page and the order page show the card by its last four, and no address or invoice.
  await expect(main.getByText('Each gift card is e-mailed to its recipient on the day you chose.', { exact: false })).toBeVisible();
  await expect(main.getByText('Shipping Address')).toHaveCount(0);
  await expect(page.getByTestId('order-gift-cards')).toContainText(/₹2,000\.00 for Dev Kapoor · card ending [2-9A-HJ-NP-Z]{4}/);
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: orderNumber })).toBeVisible();
  await expect(page.getByTestId('order-gift-cards')).toContainText(/₹2,000\.00 for Dev Kapoor · card ending [2-9A-HJ-NP-Z]{4}/);
  await expect(page.getByTestId('gift-cards-paid')).toHaveText('₹2,000.00 for gift cards');
  await expect(main.getByRole('link', { name: /invoice/i })).toHaveCount(0);
  await expect(main.getByText('Changed your mind?')).toHaveCount(0);
});
