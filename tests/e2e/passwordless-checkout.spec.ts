import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

let numbers = 0;
/** A mobile number of this run's own. */
const freshNumber = () => `7${String(Date.now() % 1e6).padStart(6, '0')}${String((numbers += 1)).padStart(3, '0')}`;

/** The code the `log` provider kept for the number, read as the back office reads it. */
async function keptCode(request: APIRequestContext, phone: string): Promise<string> {
  const login = await request.post('/api/admin/login', { data: DEMO_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const to = `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get('/api/admin/sms?page=1&limit=50', { headers: { authorization: `Bearer ${token}` } });
      const { texts } = (await answer.json()) as { texts: { to: string; body: string; status: string }[] };
      code = texts.find((text) => text.to === to && text.status === 'kept')?.body.slice(0, 6);
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

async function addValor50(page: Page) {
  await page.goto('/products/valor');
  await page.getByText('50ml', { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart: Valor, 50ml', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ })).toBeVisible();
}

test('a first-time shopper signs in with a texted code at the checkout, keeps the cart, and pays with a saved address', async ({ page }) => {
  const phone = freshNumber();
  await addValor50(page);
  await page.goto('/checkout');

  // The checkout's sign-in prompt offers a code; the code is typed in place, so the page and the cart stay.
  await page.getByRole('button', { name: 'Text Me a Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In With a Code' });
  await dialog.getByLabel('Mobile number').fill(`+91 ${phone.slice(0, 5)}-${phone.slice(5)}`);
  await dialog.getByRole('button', { name: 'Text Me a Code' }).click();
  await expect(dialog.getByText(/a 6-digit code is on its way/)).toBeVisible();
  const code = await keptCode(page.request, phone);
  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  // A new number: the shop asks for a name and an e-mail once, and the same code makes the account.
  await dialog.getByLabel('Name').fill('Tara Moon');
  await dialog.getByLabel('Email').fill(`tara.${phone}@deosil.test`);
  await dialog.getByRole('button', { name: 'Join and Sign In' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('+91 ' + `${phone.slice(0, 5)} ${phone.slice(5)}`);
  // A PIN fills the city and state from the PIN dataset.
  await page.getByLabel('Street Address').fill('12 Moonlit Lane, Kothrud');
  await page.getByLabel('ZIP Code').fill('411038');
  await expect(page.getByLabel('State')).toHaveValue('Maharashtra');
  await expect(page.getByLabel('City')).not.toHaveValue('');
  await expect(page.getByLabel('Save this address to my address book')).toBeChecked();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await expect(page.getByText('Valor').first()).toBeVisible();

  // The address is in the book: a fresh checkout starts from it.
  await page.goto('/checkout');
  const saved = page.getByTestId('saved-address');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Home');
  await expect(saved.getByRole('radio')).toBeChecked();
  await expect(page.getByLabel('Street Address')).toHaveValue('12 Moonlit Lane, Kothrud');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('dialog', { name: 'Test payment — no money moves' }).getByRole('button', { name: 'Success' }).click();
  await expect(page).toHaveURL(/\/orders\/success\/DP-\d{8}-\d{4}$/);
  await expect(page.getByText('12 Moonlit Lane, Kothrud')).toBeVisible();
});
