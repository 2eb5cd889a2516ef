import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';
import { startShopProcess, waitForStatus, type ShopProcess } from '../support/shop-processes.ts';

// A shop of its own with both tags configured, beside the journeys' shop (which has none), started for these
// journeys alone (an idle shop's job polling would cost the rest of the run CPU). Three ports above the journeys'
// shop: the courier journey's own shop takes the port two above.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 3;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const GA4_ID = 'G-TEST12345';
const PIXEL_ID = '123456789012';

let shop: ShopProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(360_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-consent-'));
  // On a busy machine the compiled pages can take longer to load than Fastify allows a plugin: one more try.
  for (let attempt = 1; ; attempt += 1) {
    shop = startShopProcess('server/main.ts', {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: ORIGIN,
      GA4_MEASUREMENT_ID: GA4_ID,
      META_PIXEL_ID: PIXEL_ID,
      SEED_DEMO_PROMOTIONS: 'false',
    });
    try {
      await waitForStatus(`${ORIGIN}/api/health`, 200, 170_000);
      return;
    } catch (error) {
      await shop.stop();
      if (attempt === 2) throw new Error(`${(error as Error).message}\n${shop.output()}`);
    }
  }
});
test.afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every request the page makes to anywhere but the shop; the tags' hosts are answered here, never reached. */
async function watchOutside(page: Page): Promise<string[]> {
  const outside: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(ORIGIN) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) outside.push(request.url());
  });
  await page.route(/googletagmanager\.com|google-analytics\.com|facebook\.(net|com)/, (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }));
  return outside;
}

/** Long enough for the tags to start if they were going to: the page loaded, the browser idle. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2500)));
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'Your cookie choices' });

test('nothing leaves the page before consent, nor after "Necessary only"; the choice holds and can be changed from the footer', async ({ page }) => {
  const outside = await watchOutside(page);
  await page.goto(`${ORIGIN}/`);
  await expect(banner(page)).toBeVisible();
  for (const label of ['Necessary only', 'Allow analytics', 'Analytics and marketing']) await expect(banner(page).getByRole('button', { name: label })).toBeVisible();
  await settle(page);
  expect(outside).toEqual([]);

  await banner(page).getByRole('button', { name: 'Necessary only' }).click();
  await expect(banner(page)).toBeHidden();
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'deosil_consent');
  expect(cookie?.value).toMatch(/^1\.--\.[0-9a-f-]{36}$/);
  await page.goto(`${ORIGIN}/products/valor`);
  await expect(banner(page)).toBeHidden();
  await settle(page);
  expect(outside).toEqual([]);

  // Changed from the footer: analytics allowed loads Google's tag, and not Meta's.
  await page.getByRole('button', { name: 'Cookie choices' }).click();
  await banner(page).getByRole('button', { name: 'Allow analytics' }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => outside.some((url) => url.startsWith(`https://www.googletagmanager.com/gtag/js?id=${GA4_ID}`)), { timeout: 15_000 }).toBe(true);
  expect(outside.some((url) => url.includes('facebook'))).toBe(false);
});

test('marketing consent loads the Meta pixel too, and sends the shopping events to both', async ({ page }) => {
  const outside = await watchOutside(page);
  await page.goto(`${ORIGIN}/products/valor`);
  await banner(page).getByRole('button', { name: 'Analytics and marketing' }).click();
  await expect.poll(() => outside.some((url) => url.startsWith('https://connect.facebook.net/en_US/fbevents.js')), { timeout: 15_000 }).toBe(true);
  expect(outside.some((url) => url.includes('googletagmanager.com/gtag/js'))).toBe(true);
  // The stubbed libraries leave the queues as they are: the events are in them.
  await page.goto(`${ORIGIN}/products/valor`);
  await expect
    .poll(() => page.evaluate(() => JSON.stringify([...(window.dataLayer ?? [])].map((entry) => Array.from(entry as ArrayLike<unknown>)))), { timeout: 15_000 })
    .toContain('"view_item"');
  const queued = await page.evaluate(() => JSON.stringify(window.fbq?.queue ?? []));
  expect(queued).toContain('ViewContent');
  expect(queued).toContain(PIXEL_ID);
});

test('a garbage consent cookie counts as no consent: the banner asks again and nothing loads', async ({ page }) => {
  const outside = await watchOutside(page);
  await page.context().addCookies([{ name: 'deosil_consent', value: '1.am.not-a-visitor-id', url: ORIGIN }]);
  await page.goto(`${ORIGIN}/`);
  await expect(banner(page)).toBeVisible();
  await settle(page);
  expect(outside).toEqual([]);
});

test('a shop with no tags configured shows no banner and sends nothing elsewhere', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(request.url()) && !request.url().startsWith('data:')) outside.push(request.url());
  });
  await page.goto('/');
  await settle(page);
  await expect(page.getByRole('dialog', { name: 'Your cookie choices' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cookie choices' })).toHaveCount(0);
  expect(outside).toEqual([]);
});
