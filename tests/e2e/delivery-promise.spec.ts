import { type Page } from '@playwright/test';
import { formatDeliveryDay } from '../../domain/delivery-promise.ts';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

/** The day the shop promises a PIN today, as its API answers; the screens must print exactly that. */
async function promisedDay(page: Page, pincode: string): Promise<string> {
  const answer = await (await page.request.get(`/api/shipping/serviceability?pincode=${pincode}`)).json();
  expect(answer.serviceable).toBe(true);
  return formatDeliveryDay(answer.estimatedDelivery as string);
}

async function signUp(page: Page): Promise<void> {
  const email = `pin.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const response = await page.request.post('/api/auth/register', { data: { name: 'Ira Bose', email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  expect(response.status()).toBe(201);
  const { token } = await response.json();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('deosil-customer-token', value), token);
}

const field = (page: Page, label: string) => page.locator('main').getByRole('textbox', { name: label, exact: true });

test('a shopper checks delivery to a PIN on a potion, sees it again in the cart and at checkout, and is stopped before paying for a PIN the shop does not reach', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto('/products/valor');
  const box = page.getByTestId('delivery-check');
  const answer = box.getByTestId('delivery-promise');

  await box.getByLabel('PIN code').fill('5600');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toHaveText('Please enter a 6-digit PIN code');
  await box.getByLabel('PIN code').fill('000000');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toHaveText('000000 is not a valid PIN code');

  await box.getByLabel('PIN code').fill('744101');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toHaveText("We don't deliver to 744101 yet");
  // Free shipping 'across India' has its exceptions, and the shipping page names them.
  await expect(box.getByRole('link', { name: 'Where we deliver' })).toHaveAttribute('href', '/shipping#where-we-deliver');

  const bengaluru = await promisedDay(page, '560038');
  await box.getByLabel('PIN code').fill('560038');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toHaveText(`Delivers to 560038 (Bengaluru, Karnataka) by ${bengaluru} · Cash on delivery available`);

  // The PIN is remembered for the visit: the cart answers for it without being asked.
  await page.getByText('50ml', { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart: Valor, 50ml', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await expect(drawer.getByTestId('delivery-promise')).toHaveText(`Delivers to 560038 (Bengaluru, Karnataka) by ${bengaluru} · Cash on delivery available`);
  await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();

  // And the checkout starts from it, with the date under the PIN field.
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await expect(field(page, 'ZIP Code')).toHaveValue('560038');
  await expect(page.locator('main').getByText(`Delivers to 560038 (Bengaluru, Karnataka) by ${bengaluru}`)).toBeVisible();
  await field(page, 'Phone').fill('+91 98765 43210');
  await field(page, 'Street Address').fill('14 Moonlight Lane');
  await field(page, 'City').fill('Port Blair');
  await page.locator('main').getByRole('combobox', { name: 'State', exact: true }).selectOption('Andaman and Nicobar Islands');
  await field(page, 'ZIP Code').fill('744101');
  await expect(page.locator('main').getByText("We don't deliver to 744101 yet")).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await expect(field(page, 'ZIP Code')).toBeFocused();

  // Guwahati is reached, later than Bengaluru: the review and the summary show its own day.
  const guwahati = await promisedDay(page, '781001');
  await field(page, 'City').fill('Guwahati');
  await page.locator('main').getByRole('combobox', { name: 'State', exact: true }).selectOption('Assam');
  await field(page, 'ZIP Code').fill('781001');
  await expect(page.locator('main').getByText(`Delivers to 781001 (Kamrup, Assam) by ${guwahati}`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await expect(page.getByTestId('review-delivery')).toHaveText(`Arrives by ${guwahati}`);
  await expect(page.getByTestId('checkout-delivery').filter({ visible: true }).first()).toHaveText(`Free shipping · arrives by ${guwahati}`);

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('dialog', { name: 'Test payment — no money moves' }).getByRole('button', { name: 'Success' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed!' })).toBeVisible();
  await expect(page.getByText(`Your order arrives by ${guwahati}. Shipping is free.`)).toBeVisible();
});

test('the back office adds a shipping zone and a holiday, and both are in the audit log', async ({ page }) => {
  // Both widths run against one shop: each adds its own range and day.
  const phone = test.info().project.name === 'phone';
  const [pins, place, day] = phone ? ['570', 'Mysuru', '2030-11-01'] : ['571', 'Mandya', '2030-11-02'];
  await signInToAdmin(page);
  await page.goto('/admin/shipping');
  await expect(page.getByRole('heading', { name: 'Shipping Zones' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Zone' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Name' }).fill(place);
  await form.getByRole('textbox', { name: 'PIN codes' }).fill('560500-561499');
  await form.getByRole('button', { name: 'Save Zone' }).click();
  // Under the field, and summed up at the top like every back-office form.
  await expect(form.getByText(/^PIN codes 560500–561499 partly overlaps 560 \(Bengaluru\)/)).toBeVisible();
  await expect(form.getByRole('alert')).toContainText('Please fix 1 field: PIN codes 560500–561499 partly overlaps');
  await form.getByRole('textbox', { name: 'PIN codes' }).fill(pins);
  await form.getByRole('combobox', { name: 'Zone' }).selectOption('metro');
  await form.getByRole('spinbutton', { name: 'Delivery days' }).fill('3');
  await form.getByRole('button', { name: 'Save Zone' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(place, { exact: true }).filter({ visible: true })).toBeVisible();

  const holidays = page.getByRole('region', { name: 'Holidays' });
  await holidays.getByRole('textbox', { name: 'Name' }).fill('Kannada Rajyotsava');
  await holidays.getByLabel('Date').fill(day);
  await holidays.getByRole('button', { name: 'Add Holiday' }).click();
  await expect(holidays.getByTestId('shipping-holiday').filter({ has: page.locator(`time[datetime="${day}"]`) })).toContainText('Kannada Rajyotsava');

  await page.goto('/admin/audit');
  await expect(page.getByText('shipping-zone.create').first()).toBeVisible();
  await expect(page.getByText('shipping-holiday.create').first()).toBeVisible();
});
