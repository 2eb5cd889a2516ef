import { type Page } from '@playwright/test';
import { deliveryPromiseText, formatDeliveryDay, type DeliveryPromise } from '../../domain/delivery-promise.ts';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { waitForMail } from '../support/e2e-mailbox.ts';

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const field = (page: Page, label: string) => page.locator('main').getByRole('textbox', { name: label, exact: true });

/**
 * A new customer with a proven e-mail address (the shop offers cash on delivery only to those), signed in on this
 * page through the token the shop stores after joining.
 */
async function signUp(page: Page, name: string): Promise<string> {
  const email = `cod.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const response = await page.request.post('/api/auth/register', { data: { name, email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  expect(response.status()).toBe(201);
  const { token } = await response.json();
  const welcome = await waitForMail(email, /verify your e-mail/i);
  const proof = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(welcome.text)![1];
  expect((await page.request.post('/api/auth/verify-email', { data: { token: proof } })).status()).toBe(200);
  await page.goto('/');
  await page.evaluate((value) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('deosil-customer-token', value);
  }, token);
  return email;
}

/** What the shop promises a PIN today, as its API answers: the day, and the PIN box's whole sentence. */
async function promised(page: Page, pincode: string): Promise<{ day: string; sentence: string }> {
  const answer = (await (await page.request.get(`/api/shipping/serviceability?pincode=${pincode}`)).json()) as DeliveryPromise;
  expect(answer.serviceable).toBe(true);
  return { day: formatDeliveryDay(answer.estimatedDelivery!), sentence: deliveryPromiseText(answer) };
}

/** On Valor's page: checks delivery to a PIN, then puts a 15 ml bottle in the cart and opens the checkout. */
async function checkDeliveryAndCheckOut(page: Page, pincode: string, expected: string) {
  await page.goto('/products/valor');
  const box = page.getByTestId('delivery-check');
  await box.getByLabel('PIN code').fill(pincode);
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box.getByTestId('delivery-promise')).toHaveText(expected);
  await page.getByText('15ml', { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart: Valor, 15ml', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await expect(field(page, 'ZIP Code')).toHaveValue(pincode);
}

async function fillAddressAndReachPayment(page: Page, city: string, state: string) {
  await field(page, 'Phone').fill('+91 98765 43210');
  await field(page, 'Street Address').fill('12 Moonlit Lane');
  await field(page, 'City').fill(city);
  await page.locator('main').getByRole('combobox', { name: 'State', exact: true }).selectOption(state);
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
}

test('a shopper in Mumbai checks delivery, orders cash on delivery, confirms from the e-mail, watches it ship and get paid, and once it is cancelled gets the cash back by UPI', async ({ page, otherPage }) => {
  test.setTimeout(120_000);
  const email = await signUp(page, 'Meera Kapoor');
  const mumbai = await promised(page, '400001');
  expect(mumbai.sentence).toMatch(/^Delivers to 400001 \(.+\) by .+ · Cash on delivery available$/);
  await checkDeliveryAndCheckOut(page, '400001', mumbai.sentence);
  await fillAddressAndReachPayment(page, 'Mumbai', 'Maharashtra');

  // Both ways of paying; online first, as before.
  const online = page.getByRole('radio', { name: /Pay online \(cards, UPI, netbanking\)/ });
  const cod = page.getByRole('radio', { name: /Cash on delivery/ });
  await expect(online).toBeChecked();
  await expect(cod).toBeEnabled();
  const prepaid = rupees(await page.getByTestId('checkout-total').innerText());
  await expect(page.getByTestId('checkout-cod-fee')).toHaveCount(0);
  await cod.check();
  // The fee is a line of its own; shipping stays free; the total is the server's.
  await expect(page.getByTestId('checkout-cod-fee')).toHaveText('₹49.00');
  await expect(page.getByTestId('checkout-totals').getByText('FREE')).toBeVisible();
  await expect.poll(async () => rupees(await page.getByTestId('checkout-total').innerText())).toBe(prepaid + 49);
  await expect(page.getByTestId('payment-amount')).toHaveText(`₹${(prepaid + 49).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  await page.getByRole('button', { name: 'Place Order (Cash on Delivery)' }).click();

  await expect(page.getByRole('heading', { name: 'Order Successfully Placed!' })).toBeVisible();
  const orderNumber = (await page.getByTestId('success-order-number').innerText()).trim();
  await expect(page.getByTestId('success-cod')).toContainText(`Pay ₹${(prepaid + 49).toLocaleString('en-IN', { minimumFractionDigits: 2 })} in cash when your potion arrives`);
  await expect(page.getByTestId('success-cod')).toContainText('Confirm your order within 24 hours');

  // The order page waits for the confirmation, and says until when.
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeVisible();
  await expect(page.getByTestId('cod-confirm-by')).toHaveText(/^Confirm by \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)$/);
  await expect(page.getByTestId('order-payment-status')).toContainText('Awaiting your confirmation');

  // The back office: 'Awaiting confirmation', and the e-mail in the shop's outbox.
  await signInToAdmin(otherPage);
  await otherPage.goto('/admin/orders');
  await otherPage.getByLabel('Search orders').fill(orderNumber);
  await expect(otherPage.getByRole('button', { name: `View order ${orderNumber}` }).first()).toBeVisible();
  await expect(otherPage.getByTestId('admin-order-payment').first()).toHaveText('Awaiting confirmation');
  await otherPage.goto('/admin/emails');
  const subject = `Please confirm your cash-on-delivery order ${orderNumber}`;
  await otherPage.getByRole('button', { name: subject }).first().click();
  await expect(otherPage.getByRole('heading', { name: subject })).toBeVisible();

  // The customer opens the e-mail's link in another tab: the page confirms only when the button is pressed.
  const mail = await waitForMail(email, new RegExp(subject));
  const link = new URL(/https?:\/\/\S+\/confirm-cod\?order=[^\s"&]+&(amp;)?token=[A-Za-z0-9_.-]+/.exec(mail.text)![0].replace('&amp;', '&'));
  const mailTab = await page.context().newPage();
  await mailTab.goto(`${link.pathname}${link.search}`);
  await mailTab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(mailTab.getByRole('heading', { name: 'Confirm Your Order' })).toBeVisible();
  // The page names the order before the shopper presses anything.
  await expect(mailTab.getByTestId('confirm-cod-order')).toHaveText(orderNumber);
  await expect(page.getByTestId('order-payment-status')).toContainText('Awaiting your confirmation');
  await mailTab.getByRole('button', { name: 'Confirm my order' }).click();
  await expect(mailTab.getByTestId('confirm-cod-done')).toContainText('Your order is confirmed');
  await expect(mailTab.getByTestId('confirm-cod-order')).toHaveText(orderNumber);
  await mailTab.close();

  // The order page, open all along, follows without a reload.
  await expect(page.getByTestId('order-payment-status')).toContainText('Confirmed · pay');
  await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeHidden();

  // The admin ships it, then collects the cash at the door.
  await otherPage.goto('/admin/orders');
  await otherPage.getByLabel('Search orders').fill(orderNumber);
  await expect(otherPage.getByTestId('admin-order-payment').first()).toHaveText('Cash on delivery');
  await otherPage.getByRole('button', { name: `View order ${orderNumber}` }).first().click();
  const dialog = otherPage.getByRole('dialog', { name: orderNumber });
  await dialog.getByLabel('New status').selectOption('shipped');
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(otherPage.getByText(`Order ${orderNumber} status changed to shipped`)).toBeVisible();
  await expect(page.getByTestId('current-status')).toContainText('On Mystical Journey');

  await otherPage.getByRole('button', { name: `View order ${orderNumber}` }).first().click();
  await dialog.getByRole('button', { name: 'Cash collected' }).click();
  await dialog.getByRole('button', { name: /^Confirm ₹[\d,.]+ collected$/ }).click();
  await expect(otherPage.getByText(`Order ${orderNumber} is paid in cash`)).toBeVisible();
  await expect(dialog.getByTestId('admin-order-payment')).toHaveText('Paid');

  await expect(page.getByTestId('order-payment-status')).toHaveText('Paid in cash');

  // The customer changes their mind and the shop cancels it: the cash goes back by UPI, not to a card.
  const paid = `₹${(prepaid + 49).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  // A UTR is unique to its transfer, and the phone and desktop runs share one shop.
  const utr = String(Date.now()).slice(-12);
  await dialog.getByLabel('New status').selectOption('cancelled');
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(otherPage.getByText(`Order ${orderNumber} status changed to cancelled`)).toBeVisible();
  await expect(page.getByTestId('order-payment-status')).toHaveText(`Refund of ${paid} pending — we'll transfer it to your bank/UPI`);
  const cancelledMail = await waitForMail(email, new RegExp(`Order ${orderNumber}: Order Cancelled`));
  expect(cancelledMail.text).toContain('we will transfer your refund');
  expect(cancelledMail.text).not.toMatch(/card/i);

  const refundPanel = page.getByTestId('refund-transfer-panel');
  await refundPanel.getByLabel('Your UPI ID for the refund').fill('meera@okaxis');
  await refundPanel.getByRole('button', { name: 'Save UPI ID' }).click();
  await expect(refundPanel).toContainText('We will send it to meera@okaxis');

  await otherPage.getByRole('button', { name: `View order ${orderNumber}` }).first().click();
  const transfer = dialog.getByTestId('admin-transfer-refund');
  await expect(transfer.getByTestId('admin-refund-upi')).toContainText('meera@okaxis');
  await transfer.getByLabel('Paid by').selectOption('upi');
  await transfer.getByRole('textbox', { name: /UTR/ }).fill('41234567');
  await transfer.getByRole('button', { name: `Record ${paid} as sent` }).click();
  await expect(transfer).toContainText("A UPI transfer's reference (UTR) is its 12-digit transaction ID");
  await transfer.getByRole('textbox', { name: /UTR/ }).fill(utr);
  await transfer.getByRole('button', { name: `Record ${paid} as sent` }).click();
  await expect(transfer).toContainText('Refund sent');
  await expect(transfer).toContainText(`UTR ${utr}`);

  await expect(page.getByTestId('order-payment-status')).toHaveText(`Refunded ${paid} by UPI (UTR ${utr})`);
  const refundMail = await waitForMail(email, new RegExp(`Refund sent for order ${orderNumber}`));
  expect(refundMail.text).toContain(utr);
});

test('a shopper in Guwahati and one in Mumbai each see a truthful date and the right ways to pay', async ({ page, otherPage }) => {
  test.setTimeout(90_000);
  await signUp(page, 'Anjali Bora');
  const guwahati = await promised(page, '781001');
  // The North-east pays online only, and takes longer than Mumbai (7 delivery days against 3).
  expect(guwahati.sentence).toMatch(/^Delivers to 781001 \(.*Assam\) by .+ · Pay online only$/);
  await checkDeliveryAndCheckOut(page, '781001', guwahati.sentence);
  await fillAddressAndReachPayment(page, 'Guwahati', 'Assam');
  await expect(page.getByTestId('checkout-delivery').filter({ visible: true }).first()).toHaveText(`Free shipping · arrives by ${guwahati.day}`);
  await expect(page.getByRole('radio', { name: /Pay online/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Cash on delivery/ })).toBeDisabled();
  // The reason is shown under the option the shopper cannot take.
  await expect(page.getByTestId('cod-note')).toHaveText('Cash on delivery is not available for PIN code 781001');

  await signUp(otherPage, 'Rohan Mehta');
  const mumbai = await promised(otherPage, '400001');
  await checkDeliveryAndCheckOut(otherPage, '400001', mumbai.sentence);
  await fillAddressAndReachPayment(otherPage, 'Mumbai', 'Maharashtra');
  await expect(otherPage.getByTestId('checkout-delivery').filter({ visible: true }).first()).toHaveText(`Free shipping · arrives by ${mumbai.day}`);
  await expect(otherPage.getByRole('radio', { name: /Cash on delivery/ })).toBeEnabled();
  await expect(otherPage.getByTestId('cod-note')).toContainText('₹49.00');
  expect(guwahati.day).not.toBe(mumbai.day);
});
