import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page } from '@playwright/test';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

const DEMO_ADMIN = { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13' };
const PASSWORD = 'Moonlight7!';

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;

// Below 1024 px the header shows the phone controls: 'Sign In', the initials, and the 'MYSTICAL NAVIGATION' menu.
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** The header control a signed-out visitor sees. */
const signedOutControl = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: isNarrow(page) ? 'Sign In' : 'Login | Join Us' });

async function openRegister(page: Page) {
  // The account controls appear once the page has hydrated and checked for a stored session.
  await expect(signedOutControl(page)).toBeVisible();
  if (isNarrow(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'MYSTICAL NAVIGATION' }).getByRole('button', { name: 'Join the Coven' }).click();
  } else {
    await page.getByRole('button', { name: 'Login | Join Us' }).click();
  }
}

async function signOutFromHeader(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'MYSTICAL NAVIGATION' }).getByRole('button', { name: 'Sign Out' }).click();
}

async function register(page: Page, name: string, email: string) {
  await page.goto('/');
  await openRegister(page);
  const dialog = page.getByRole('dialog', { name: 'Join the Coven' });
  await expect(dialog).toBeVisible();
  // Submitting empty shows the spec's messages, and editing a field clears its message.
  await dialog.getByRole('button', { name: 'Join the Magical Coven' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByText('Name is required')).toBeHidden();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(dialog.getByText('Password strength: Strong')).toBeVisible();
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByLabel('Birth Sign').selectOption('Scorpio');
  await dialog.getByRole('button', { name: 'Join the Magical Coven' }).click();
  await expect(dialog).toBeHidden();
}

/** The signed-in control: the hover-menu button on desktops, the initials linking to the profile on phones. */
const accountButton = (page: Page, initials: string) =>
  isNarrow(page)
    ? page.getByRole('banner').getByRole('link', { name: /^Profile of / }).filter({ hasText: initials })
    : page.getByRole('button', { name: new RegExp(`^${initials}`) });

async function adminToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test('a shopper joins, stays signed in across a reload, and signs out', async ({ page }) => {
  const email = uniqueEmail('mira');
  await register(page, 'Mira Night', email);
  await expect(accountButton(page, 'MN')).toBeVisible();

  await page.reload();
  await expect(accountButton(page, 'MN')).toBeVisible();
  if (isNarrow(page)) {
    await signOutFromHeader(page);
  } else {
    await accountButton(page, 'MN').click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByText('Mystical Novice')).toBeVisible();
    await expect(menu.getByText('₹100.00 more to Fragrance Explorer')).toBeVisible();
    await expect(menu.getByText(/Member since/)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  }

  await expect(signedOutControl(page)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('deosil-customer-token'))).toBeNull();
  await page.reload();
  await expect(signedOutControl(page)).toBeVisible();
});

test('sign-in errors offer the other form, and guarded pages ask to log in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please log in to access this page.')).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back, Mystic' });
  await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
  await dialog.getByLabel('Password').fill('whatever1');
  await dialog.getByRole('button', { name: 'Enter the Mystical Realm' }).click();
  await expect(dialog.getByText('No account found with this email. Would you like to create an account instead?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Account Instead' }).click();
  await expect(page.getByRole('dialog', { name: 'Join the Coven' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

async function customerPage(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  await register(page, name, email);
  return { context, page, email };
}

test('an admin bans a customer, whose open page loses its session at once', async ({ page, browser }) => {
  const customer = await customerPage(browser, 'Ravi Ash');
  await expect(accountButton(customer.page, 'RA')).toBeVisible();
  const customerToken = await customer.page.evaluate(() => window.localStorage.getItem('deosil-customer-token'));
  expect(customerToken).toBeTruthy();

  await page.goto('/admin/login');
  await expect(page.getByTestId('demo-credentials')).toContainText(DEMO_ADMIN.email);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/admin/users');
  await page.getByRole('searchbox').fill(customer.email);
  await expect(page.getByRole('button', { name: 'Open Ravi Ash' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Open Ravi Ash' }).click();
  const detail = page.getByRole('dialog', { name: 'User details' });
  await expect(detail.getByRole('button', { name: 'Reactivate User' })).toBeDisabled();
  await detail.getByRole('button', { name: 'Ban User' }).click();
  await expect(detail.getByRole('button', { name: 'Ban User' })).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'Reactivate User' })).toBeEnabled();

  // Without a reload or a click: the live stream tells the open page its session ended, the page drops it, and
  // the old token is refused by the API.
  await expect(signedOutControl(customer.page)).toBeVisible();
  expect(await customer.page.evaluate(() => window.localStorage.getItem('deosil-customer-token'))).toBeNull();
  expect((await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${customerToken}` } })).status()).toBe(401);
  await customer.context.close();
});

test('a notification for a signed-in customer appears in the bell without a reload', async ({ page, browser }) => {
  const customer = await customerPage(browser, 'Nila Star');
  const bell = customer.page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  const token = await adminToken(page);
  const users = await page.request.get(`/api/admin/users?search=${encodeURIComponent(customer.email)}`, { headers: { authorization: `Bearer ${token}` } });
  const [user] = ((await users.json()) as { users: { id: string }[] }).users;
  const created = await page.request.post('/api/admin/notifications', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: user!.id, type: 'order', priority: 'high', title: 'Your potion is brewing', message: 'Order DP-1001 is being prepared', actionUrl: '/products' },
  });
  expect(created.status()).toBe(201);

  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  const dropdown = customer.page.getByRole('region', { name: 'Notifications' });
  await expect(dropdown.getByText('Your potion is brewing')).toBeVisible();
  await expect(dropdown.getByText('Just now').first()).toBeVisible();
  await dropdown.getByText('Your potion is brewing').click();
  await expect(customer.page).toHaveURL(/\/products$/);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await customer.context.close();
});

test("an admin writes a notice from a customer's account, which reaches the bell live; a refused one says 'Failed to create notification'", async ({ page, browser }) => {
  const customer = await customerPage(browser, 'Tara Moon');
  const bell = customer.page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  await signInToAdmin(page);
  await page.goto('/admin/users');
  await page.getByRole('searchbox').fill(customer.email);
  await expect(page.getByRole('button', { name: 'Open Tara Moon' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Open Tara Moon' }).click();
  const detail = page.getByRole('dialog', { name: 'User details' });

  // Blank fields are named before anything is sent.
  await detail.getByRole('button', { name: 'Send Notice' }).click();
  await expect(detail.getByText('Title is required')).toBeVisible();
  await expect(detail.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

  // A server that refuses: the catalogue's message, and the form keeps what was written.
  await page.route('**/api/admin/notifications', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal Server Error' }) }),
  );
  await detail.getByLabel('Title').fill('Your parcel is delayed');
  await detail.getByLabel('Message').fill('The courier lost a day to the rains; it reaches you on Friday.');
  await detail.getByRole('button', { name: 'Send Notice' }).click();
  await expect(page.getByText('Failed to create notification')).toBeVisible();
  await expect(detail.getByLabel('Title')).toHaveValue('Your parcel is delayed');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  await page.unroute('**/api/admin/notifications');
  await detail.getByLabel('Priority').selectOption('high');
  await detail.getByRole('button', { name: 'Send Notice' }).click();
  await expect(page.getByText('Notice sent to Tara Moon')).toBeVisible();
  await expect(detail.getByLabel('Title')).toHaveValue('');
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  await expect(customer.page.getByRole('region', { name: 'Notifications' }).getByText('Your parcel is delayed')).toBeVisible();
  await customer.context.close();
});

test('the auth dialog and the admin sign-in pass an accessibility check', async ({ page }) => {
  await page.goto('/');
  await openRegister(page);
  await expect(page.getByRole('dialog', { name: 'Join the Coven' })).toBeVisible();
  const dialog = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(dialog.violations.map((violation) => violation.id)).toEqual([]);

  await page.goto('/admin/login');
  await expect(page.getByTestId('demo-credentials')).toBeVisible();
  const login = await new AxeBuilder({ page }).analyze();
  expect(login.violations.map((violation) => violation.id)).toEqual([]);
});
