import AxeBuilder from '@axe-core/playwright';
import { UNSUBSCRIBE_LINK_INVALID } from '../../contracts/mailing-lists.ts';
import { expect, test } from '../support/e2e.ts';

const pagesToAudit = [
  '/',
  '/products',
  '/products/dark-poppy',
  '/about',
  '/contact',
  '/collection',
  '/rituals',
  '/finder',
  '/faq',
  '/shipping',
  '/returns',
  '/privacy',
  '/terms',
];

for (const path of pagesToAudit) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}

test('every content page has its own title, description and canonical URL', async ({ page }) => {
  const seen = new Set<string>();
  for (const path of ['/', '/about', '/contact', '/collection', '/rituals', '/faq', '/shipping', '/returns', '/privacy', '/terms']) {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(seen.has(title)).toBe(false);
    seen.add(title);
    expect(description?.length ?? 0).toBeGreaterThan(50);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/' : path}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1);
  }
});

test('the sitemap lists every page and every potion; robots.txt keeps crawlers out of private paths', async ({ page }) => {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const { products } = (await (await page.request.get('/api/products?limit=100')).json()) as { products: { slug: string }[] };
  for (const path of ['/about', '/contact', '/faq', '/terms']) expect(sitemap).toContain(`${path}</loc>`);
  for (const product of products) expect(sitemap).toContain(`/products/${product.slug}</loc>`);
  const robots = await (await page.request.get('/robots.txt')).text();
  for (const path of ['/admin', '/checkout', '/profile', '/orders']) expect(robots).toContain(`Disallow: ${path}`);
});

test('links in the sitemap, robots.txt and page heads use the configured address, never a Host header the request made up', async ({ page, baseURL }) => {
  const forged = { host: 'evil.example' };
  const sitemap = await (await page.request.get('/sitemap.xml', { headers: forged })).text();
  const robots = await (await page.request.get('/robots.txt', { headers: forged })).text();
  const html = await (await page.request.get('/about', { headers: forged })).text();
  for (const text of [sitemap, robots, html]) expect(text).not.toContain('evil.example');
  expect(sitemap).toContain(`<loc>${baseURL}/about</loc>`);
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/about"`);
});

test('unknown and wrong-method API calls answer JSON, not the HTML page', async ({ page }) => {
  const unknown = await page.request.get('/api/spellbook');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ success: false, message: 'No API route for GET /api/spellbook' });
  const wrongMethod = await page.request.post('/api/health', { data: {} });
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()['allow']).toBe('GET, HEAD');
});

test('scripts arrive compressed and cached for a year; potion images are cached for a day', async ({ page }) => {
  const html = await (await page.request.get('/products')).text();
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const [encoding, expected] of [['br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
    const response = await page.request.get(scripts[0]!, { headers: { 'accept-encoding': encoding } });
    expect(response.headers()['content-encoding']).toBe(expected);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['vary']).toBe('Accept-Encoding');
    expect(response.headers()['content-type']).toContain('javascript');
    expect((await response.body()).length).toBeGreaterThan(0);
  }
  const image = /<img src="(\/images\/potions\/[^"]+)"/.exec(html)?.[1];
  const imageResponse = await page.request.get(image!);
  expect(imageResponse.headers()['content-type']).toBe('image/webp');
  expect(imageResponse.headers()['cache-control']).toBe('public, max-age=86400');
});

test('home → a showcase tab → EXPLORE THIS POTION lands on that potion', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Signature Scents' })).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Valor', 'Da Bomb', 'Oriental Forent', 'Dazzling Dream', 'In The Wilds', 'Dark Poppy', 'Arctic Paradise', 'Pereisia']);

  await page.getByRole('tab', { name: 'Dark Poppy' }).click();
  await expect(page.getByRole('tab', { name: 'Dark Poppy' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Dark Poppy' })).toBeVisible();
  await expect(panel.getByText('Magical effect')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Notes of Dark Poppy' }).getByRole('listitem')).toHaveCount(5);

  await panel.getByRole('link', { name: 'EXPLORE THIS POTION' }).click();
  await expect(page).toHaveURL(/\/products\/dark-poppy$/);
  await expect(page.getByRole('heading', { name: 'Dark Poppy', level: 1 })).toBeVisible();
});

test('rapid tab switches settle on the last choice after the debounce', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Valor' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // Within the 300 ms debounce the panel still shows Valor; then it jumps straight to the third step.
  await expect(page.getByRole('tab', { name: 'Valor' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Dazzling Dream' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Da Bomb' })).toHaveAttribute('aria-selected', 'false');
});

test('the secret parchment opens and closes', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'REVEAL THE SECRET' });
  await toggle.click();
  await expect(page.getByRole('heading', { name: 'The Secret of Deosil' })).toBeVisible();
  await page.getByRole('button', { name: 'SEAL THE SECRET' }).click();
  await expect(page.getByRole('heading', { name: 'The Secret of Deosil' })).toBeHidden();
});

test('the mobile menu opens, traps focus, closes on Escape and navigates', async ({ page }) => {
  // The menu toggle belongs to phones and tablets: both projects check it at a phone's width.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.getByRole('dialog', { name: 'MYSTICAL NAVIGATION' });
  await expect(menu).toBeVisible();
  await expect(menu.getByText('Return to the sanctum')).toBeVisible();

  // Tab from the last control wraps to the first, never leaving the dialog.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await menu.getByRole('link', { name: /About/ }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Our dark arts story', level: 1 })).toBeVisible();
});

test('the desktop navigation reaches every page and each new page starts at the top', async ({ page }) => {
  // The link row belongs to desktops: both projects check it at a desktop's width.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'Our dark arts story', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.mouse.wheel(0, 800);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Signature Scents' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { name: 'Reach the coven', level: 1 })).toBeVisible();
});

test('the contact form checks its fields, stores the message and shows the thank-you', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send a message' });
  await expect(page.getByText(/within 24 hours/).first()).toBeVisible();
  await form.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await form.getByLabel('NAME').fill('Meera Iyer');
  await form.getByLabel('EMAIL').fill('meera-at-example');
  await form.getByLabel('SUBJECT').fill('A custom blend');
  await form.getByLabel('MESSAGE').fill('Could you blend Valor without the leather?');
  await form.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();

  await form.getByLabel('EMAIL').fill('meera@example.in');
  const sentAt = Date.now();
  await form.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByRole('button', { name: 'SENDING YOUR MESSAGE...' })).toBeDisabled();
  await expect(page.getByText('THANK YOU, SEEKER')).toBeVisible();
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1900);
  await expect(form.getByLabel('NAME')).toHaveValue('');
  await expect(form.getByLabel('MESSAGE')).toHaveValue('');
  await expect(page.getByText('THANK YOU, SEEKER')).toBeHidden({ timeout: 7000 });

  // The ticket number stays after the thanks fade, and follows the complaint on the grievances page.
  const ticket = (await page.getByTestId('ticket-number').locator('strong').textContent())!;
  expect(ticket).toMatch(/^DP-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await page.getByRole('link', { name: 'follow your message by it' }).click();
  await expect(page.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
  await expect(page.getByLabel('Ticket number')).toHaveValue(ticket);
  await page.getByLabel('Email you wrote from').fill('meera@example.in');
  await page.getByRole('button', { name: 'SHOW STATUS' }).click();
  await expect(page.getByTestId('ticket-status')).toContainText('Open');
  await expect(page.getByTestId('ticket-status')).toContainText('A custom blend');
});

test('the newsletter subscribes once and explains a bad address under the field', async ({ page }) => {
  await page.goto('/about');
  const footer = page.locator('footer');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  await email.fill('not-an-email');
  await footer.getByRole('button', { name: 'SUBSCRIBE' }).click();
  await expect(footer.getByText('Please enter a valid email')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  const address = `reader-${Date.now()}-${test.info().project.name}@example.in`;
  await email.fill(address);
  await footer.getByRole('button', { name: 'SUBSCRIBE' }).click();
  // Nothing is sent before the address is confirmed: the answer says to check the inbox.
  await expect(footer.getByText(/check your inbox and confirm your address/)).toBeVisible();
  await email.fill(address);
  await footer.getByRole('button', { name: 'SUBSCRIBE' }).click();
  await expect(footer.getByText(/already on our list/)).toBeVisible();
});

test('the unsubscribe page asks before it unsubscribes, and says when a link is not the shop\'s', async ({ page }) => {
  const forged = `/unsubscribe?list=review-requests&email=lena%40example.in&token=${'0'.repeat(64)}`;
  await page.goto(forged);
  await expect(page.getByRole('heading', { level: 1, name: /Stop review requests/i })).toBeVisible();
  await expect(page.getByText('lena@example.in')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(UNSUBSCRIBE_LINK_INVALID);

  await page.goto('/unsubscribe?list=review-requests');
  await expect(page.getByRole('main').getByRole('status')).toHaveText(UNSUBSCRIBE_LINK_INVALID);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});

test('the footer shows on content pages but not on the catalogue', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()));
  await expect(page.locator('footer').getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /instagram\.com/);
  await expect(page.locator('footer').getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /wa\.me/);
  await page.goto('/products');
  await expect(page.locator('footer')).toHaveCount(0);
});

test('an unknown path gets the themed 404 with status 404', async ({ page }) => {
  const response = await page.goto('/the-forbidden-grimoire');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This path leads nowhere' })).toBeVisible();
  await expect(page).toHaveTitle(/Lost in the mist/);
  await page.getByRole('link', { name: 'RETURN TO THE SANCTUM' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Signature Scents' })).toBeVisible();
});
