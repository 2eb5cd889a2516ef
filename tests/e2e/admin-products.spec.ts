import { DEMO_ADMIN, signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

test('an admin adds a potion with a size and a note, sees it in the shop, changes its price and deletes it', async ({ page }) => {
  // One journey through six pages and three saves: more than the default budget on a busy two-core machine.
  test.setTimeout(90_000);
  const name = `Moon Dew ${Date.now() % 1_000_000}`;
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/admin/products');
  await expect(page.getByTestId('admin-product').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  // The server's field messages come back into the form.
  await form.getByRole('button', { name: 'Save Product' }).click();
  await expect(form.getByText('Please fix 2 fields: Name is required')).toBeVisible();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();

  await form.getByLabel('Name *', { exact: true }).fill(name);
  await form.getByLabel('Category *').selectOption('ritual');
  await form.getByLabel('Price (₹) *').fill('1,499.50');
  await form.getByLabel('Inventory (units)').fill('12');
  await form.getByLabel('Description', { exact: true }).fill('Night-blooming jasmine caught at the dark of the moon.');
  await form.getByRole('button', { name: '+ 20ml' }).click();
  // A size price of 0 sells the size at the product price, so the price edit below shows in the shop.
  await expect(form.getByLabel('Price of 20ml (0: product price)')).toHaveValue('0');
  const topNote = form.getByLabel('Top notes', { exact: true }).and(page.getByRole('textbox'));
  await topNote.fill('Moonflower');
  await topNote.press('Enter');
  await expect(form.getByRole('list', { name: 'Top notes' }).getByText('Moonflower')).toBeVisible();
  // The legal declarations start from the seller's settings; one cleared is refused, named.
  await expect(form.getByLabel('Generic name *')).toHaveValue('Eau de Parfum');
  const origin = form.getByLabel('Country of origin *');
  await expect(origin).toHaveValue('India');
  await origin.fill('');
  await form.getByRole('button', { name: 'Save Product' }).click();
  await expect(form.getByText(/Country of origin is required/).first()).toBeVisible();
  await origin.fill('India');
  await form.getByRole('button', { name: 'Save Product' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  const card = page.getByTestId('admin-product').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('₹1,499.50')).toBeVisible();
  await expect(card.getByText('In Stock')).toBeVisible();

  await page.goto('/products');
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Moonflower')).toBeVisible();
  await expect(page.getByText('₹1,499.50').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: /^20ml/ })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Product details & legal information' })).toContainText('Net quantity20 ml');
  const potionUrl = page.url();

  await page.goto('/admin/products');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Price (₹) *')).toHaveValue('1499.5');
  await edit.getByLabel('Price (₹) *').fill('1650');
  await edit.getByRole('button', { name: 'Save Product' }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText('₹1,650.00')).toBeVisible();

  await page.goto(potionUrl);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('₹1,650.00').first()).toBeVisible();

  await page.goto('/admin/products');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirm.getByText('Are you sure you want to delete this product? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No products found')).toBeVisible();

  const gone = await page.request.get(potionUrl.replace(/.*\/products\//, '/api/products/'));
  expect(gone.status()).toBe(404);
});

test('an unknown back-office address answers 404 inside the portal, with a way back', async ({ page }) => {
  await signInToAdmin(page);
  const response = await page.goto('/admin/no-such-chamber');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No such chamber' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

// A real 1×1 PNG: the server checks the type from the file's bytes, not its name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('an admin adds a potion with two sizes and an uploaded image, finds it in the shop, sets its stock to 3 and is alerted on the dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Ash Bloom ${Date.now() % 1_000_000}`;
  await signInToAdmin(page);
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  await form.getByLabel('Name *', { exact: true }).fill(name);
  await form.getByLabel('Category *').selectOption('ritual');
  await form.getByLabel('Price (₹) *').fill('1200');
  await form.getByLabel('Inventory (units)').fill('20');
  await form.getByLabel('Description', { exact: true }).fill('Ash of rowan and a breath of night jasmine.');
  await form.getByLabel('Upload main image').setInputFiles({ name: 'ash-bloom.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByLabel('Main image URL')).toHaveValue(/^\/uploads\/.+\.png$/);
  const imageUrl = await form.getByLabel('Main image URL').inputValue();
  await form.getByRole('button', { name: '+ 20ml' }).click();
  await form.getByRole('button', { name: '+ 50ml', exact: true }).click();
  await form.getByLabel('Price of 50ml (0: product price)').fill('2100');
  await form.getByRole('button', { name: 'Save Product' }).click();
  await expect(form).toBeHidden();

  // The storefront shows it at once, with both sizes and the uploaded picture, served as an image.
  await page.goto('/products');
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^20ml/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^50ml/ })).toBeVisible();
  await page.getByRole('radio', { name: /^50ml/ }).check();
  await expect(page.getByText('₹2,100.00').first()).toBeVisible();
  await expect(page.locator(`img[src="${imageUrl}"]`).first()).toBeVisible();
  const served = await page.request.get(imageUrl);
  expect(served.headers()['content-type']).toBe('image/png');

  await page.goto('/admin/products');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  const card = page.getByTestId('admin-product').filter({ hasText: name });
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Inventory (units)').fill('3');
  await edit.getByRole('button', { name: 'Save Product' }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText('Low Stock')).toBeVisible();

  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const inbox = page.getByRole('region', { name: 'Notifications' });
  await expect(inbox.getByText(`${name} is down to 3 in stock.`)).toBeVisible();

  // The shop's catalogue is shared with the other journeys: take the potion away again.
  await page.goto('/admin/products');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(card).toHaveCount(0);
});
