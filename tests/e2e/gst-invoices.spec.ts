import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { DEMO_ADMIN, signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

const BENGALURU = { street: '5 Lavelle Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' };
const PUNE = { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' };

/** A new customer, signed in on this page, with an order paid in the sandbox and shipped to `address`. */
async function paidOrderTo(page: Page, address: typeof PUNE): Promise<string> {
  const email = `gst.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Asha Verma', email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  expect(registered.status()).toBe(201);
  const { token } = await registered.json();
  const headers = { authorization: `Bearer ${token}` };
  const valor = (await (await page.request.get('/api/products/valor')).json()).product;
  const created = await (
    await page.request.post('/api/payments/razorpay/create-payment-order', {
      headers,
      data: { items: [{ productId: valor.id, size: '50ml', quantity: 1 }], customerInfo: { name: 'Asha Verma', email, phone: '9876543210' }, shippingAddress: address },
    })
  ).json();
  const paid = await (await page.request.post('/api/payments/sandbox/pay', { headers, data: { razorpay_order_id: created.razorpayOrder.id, outcome: 'success' } })).json();
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid;
  const verified = await page.request.post('/api/payments/razorpay/verify-and-create-order', { headers, data: { razorpay_order_id, razorpay_payment_id, razorpay_signature } });
  expect(verified.status()).toBe(200);
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('deosil-customer-token', value), token);
  return (await verified.json()).order.orderNumber;
}

/** Clicks the button, waits for the PDF, and returns its text as poppler reads it. */
async function downloadPdf(page: Page, button: ReturnType<Page['getByRole']>, fileName: RegExp): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(fileName);
  const path = await download.path();
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

test('an order shipped to Bengaluru, where the seller is, shows CGST and SGST, and its invoice downloads', async ({ page }) => {
  const orderNumber = await paidOrderTo(page, BENGALURU);
  await page.goto(`/orders/success/${orderNumber}`);
  const breakdown = page.getByTestId('gst-breakdown');
  await expect(breakdown).toContainText('CGST');
  await expect(breakdown).toContainText('₹228.74');
  await expect(breakdown).toContainText('SGST');
  await expect(breakdown).toContainText('₹228.73');
  await expect(breakdown).not.toContainText('IGST');
  await expect(page.getByTestId('tax-documents')).toContainText('Place of supply: Karnataka (29)');
  const text = await downloadPdf(page, page.getByRole('button', { name: 'Download Invoice' }), /^invoice-DP-\d{4}-\d{6}\.pdf$/);
  expect(text).toContain('TAX INVOICE');
  expect(text).toContain('GSTIN: 29AABCD1234E1Z4');
  expect(text).toContain('Karnataka (State code 29)');
  expect(text).toMatch(/CGST[\s\S]*SGST/);
  expect(text).toContain('Rupees Two Thousand Nine Hundred Ninety-Nine Only');
});

test('an order shipped to Pune shows IGST on its page and in the back office, and both download its invoice', async ({ page, otherPage }) => {
  const orderNumber = await paidOrderTo(page, PUNE);
  await page.goto(`/orders/${orderNumber}`);
  const breakdown = page.getByTestId('gst-breakdown');
  await expect(breakdown).toContainText('IGST');
  await expect(breakdown).toContainText('₹457.47');
  await expect(breakdown).not.toContainText('CGST');
  const text = await downloadPdf(page, page.getByRole('button', { name: 'Download Invoice' }), /^invoice-DP-\d{4}-\d{6}\.pdf$/);
  expect(text).toContain('Maharashtra (State code 27)');
  expect(text).toContain('IGST');
  expect(text).not.toContain('CGST');

  await signInToAdmin(otherPage);
  await otherPage.goto(`/admin/orders?search=${orderNumber}`);
  await otherPage.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const dialog = otherPage.getByRole('dialog', { name: orderNumber });
  await expect(dialog.getByTestId('gst-breakdown')).toContainText('IGST');
  const adminText = await downloadPdf(otherPage, dialog.getByRole('button', { name: 'Download Invoice' }), /^invoice-DP-\d{4}-\d{6}\.pdf$/);
  expect(adminText).toContain(orderNumber);

  // The month's GST report counts it under Maharashtra.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await otherPage.goto('/admin/tax');
  await expect(otherPage.getByRole('heading', { name: 'Tax Report' })).toBeVisible();
  await expect(otherPage.getByText('Maharashtra (27)').filter({ visible: true }).first()).toBeVisible();
});

test('after a return, the accountant downloads the month’s GSTR-1 files: the credit note is netted and listed', async ({ page, otherPage }) => {
  const orderNumber = await paidOrderTo(page, PUNE);
  const token = await page.evaluate(() => localStorage.getItem('deosil-customer-token'));
  const login = await page.request.post('/api/admin/login', { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const admin = { authorization: `Bearer ${(await login.json()).token}` };
  expect((await page.request.put(`/api/admin/orders/${orderNumber}/status`, { headers: admin, data: { status: 'delivered' } })).status()).toBe(200);
  const order = (await (await page.request.get(`/api/orders/${orderNumber}`, { headers: { authorization: `Bearer ${token}` } })).json()).order;
  const asked = await page.request.post(`/api/orders/${orderNumber}/returns`, {
    headers: { authorization: `Bearer ${token}` },
    data: { lines: [{ orderItemId: order.items[0].id, quantity: 1 }], reason: 'damaged-or-leaking' },
  });
  expect(asked.status()).toBe(201);
  const returnId = (await asked.json()).return.id;
  for (const action of ['approve', 'receive']) {
    expect((await page.request.put(`/api/admin/returns/${returnId}`, { headers: admin, data: { action, ...(action === 'receive' ? { restock: false } : {}) } })).status()).toBe(200);
  }
  const refunded = (await (await page.request.get(`/api/orders/${orderNumber}`, { headers: { authorization: `Bearer ${token}` } })).json()).order;
  const note = refunded.creditNotes[0].number as string;

  await signInToAdmin(otherPage);
  await otherPage.goto('/admin/tax');
  const files = otherPage.getByRole('list', { name: 'GSTR-1 files' });
  const download = async (name: string, file: RegExp) => {
    const [csv] = await Promise.all([otherPage.waitForEvent('download'), files.getByRole('button', { name }).click()]);
    expect(csv.suggestedFilename()).toMatch(file);
    return readFile(await csv.path(), 'utf8');
  };
  expect(await download('B2C small (7)', /^gstr1-b2cs-\d{4}-\d{2}\.csv$/)).toMatch(/^Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n[\s\S]*OE,27-Maharashtra,18,/);
  expect(await download('HSN summary, B2C (12)', /^gstr1-hsn-b2c-/)).toMatch(/^HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State\/UT Tax Amount,Cess Amount\r\n3303,/);
  expect(await download('Documents issued (13)', /^gstr1-docs-/)).toMatch(/\r\nCredit Note,DPCN\/\d{4}\/\d{6},DPCN\/\d{4}\/\d{6},\d+,0\r\n/);
  expect(await download('Credit note register', /^gstr1-credit-notes-/)).toContain(`${note},`);
});

test('a company buying gifts gives its GSTIN at checkout: checked against the state, shown for review, printed on its tax invoice', async ({ page }) => {
  const email = `gst.b2b.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Asha Verma', email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  const { token } = await registered.json();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('deosil-customer-token', value), token);
  await page.goto('/products/valor');
  await page.getByText('50ml', { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart: Valor, 50ml', exact: true }).click();
  await page.goto('/checkout');
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'Phone', exact: true }).fill('9876543210');
  await main.getByRole('textbox', { name: 'Street Address', exact: true }).fill(PUNE.street);
  await main.getByRole('textbox', { name: 'City', exact: true }).fill(PUNE.city);
  await main.getByRole('combobox', { name: 'State', exact: true }).selectOption(PUNE.state);
  await main.getByRole('textbox', { name: 'ZIP Code', exact: true }).fill(PUNE.zipCode);

  // Nothing is ticked for the shopper; ticking asks for the GSTIN and legal name.
  const wanted = main.getByRole('checkbox', { name: /Buying for a business\?/ });
  await expect(wanted).not.toBeChecked();
  await wanted.check();
  // A Karnataka registration does not fit an order billed to Maharashtra.
  await main.getByRole('textbox', { name: 'GSTIN' }).fill('29AAACM1234A1Z4');
  await main.getByRole('textbox', { name: 'Legal name of the business' }).fill('Moonstone Gifting Private Limited');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(main.getByText(/registered in Karnataka, but the order is billed to Maharashtra/)).toBeVisible();
  await main.getByRole('textbox', { name: 'GSTIN' }).fill('27aaacm1234a1z8');
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(page.getByTestId('review-business')).toHaveText('GST invoice to Moonstone Gifting Private Limited · GSTIN 27AAACM1234A1Z8');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('dialog', { name: 'Test payment — no money moves' }).getByRole('button', { name: 'Success' }).click();
  await expect(page).toHaveURL(/\/orders\/success\//);
  const text = await downloadPdf(page, page.getByRole('button', { name: 'Download Invoice' }), /^invoice-DP-\d{4}-\d{6}\.pdf$/);
  expect(text).toContain('GSTIN: 27AAACM1234A1Z8');
  expect(text).toContain('Moonstone Gifting Private');
});
