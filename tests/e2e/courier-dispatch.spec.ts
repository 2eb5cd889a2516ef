import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { paidOrder, signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { startFakeShiprocket, STAND_IN_PICKUP, type FakeShiprocket } from '../support/fake-shiprocket.ts';

// This journey needs a shop that books with Shiprocket, which the other journeys' shop must not (their delivery
// promises come from the shipping zones): it starts one of its own, beside a local stand-in of Shiprocket's API.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 2;
const SHOP = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `.e2e-courier-data-${PORT}`;
const CREDENTIALS = { email: 'dispatch@deosil.test', password: 'shiprocket-e2e-pass' };
const WEBHOOK_TOKEN = 'e2e-courier-webhook-token-0123';

let fake: FakeShiprocket;
let shop: ChildProcess;

test.use({ baseURL: SHOP });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(400_000);
  fake = await startFakeShiprocket(CREDENTIALS);
  // On a machine this busy the shop may miss its own start-up deadline (a plugin's 10 s): it is started again.
  for (let attempt = 1; !(await started()); attempt += 1) {
    if (attempt === 3) throw new Error(`The courier journey's shop did not start (exit ${shop.exitCode})`);
  }
});

/** Starts the shop on a fresh embedded database; answers whether it came up healthy. */
async function started(): Promise<boolean> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  shop = spawn('node', ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: SHOP,
      REGISTRATION_RATE_LIMIT: '1000',
      SEED_DEMO_PROMOTIONS: 'false',
      SHIPROCKET_EMAIL: CREDENTIALS.email,
      SHIPROCKET_PASSWORD: CREDENTIALS.password,
      SHIPROCKET_PICKUP_LOCATION: STAND_IN_PICKUP.pickup_location,
      SHIPROCKET_API_BASE: fake.url,
      SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    },
  });
  for (let waited = 0; waited < 120; waited += 1) {
    if (await fetch(`${SHOP}/api/health`).then((response) => response.ok, () => false)) return true;
    if (shop.exitCode !== null) return false;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  shop.kill('SIGTERM');
  return false;
}

test.afterAll(async () => {
  shop?.kill('SIGTERM');
  await fake?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** Today on India's clock as Shiprocket's webhook writes times ('DD MM YYYY HH:mm:ss'), `hours` from now. */
function courierTime(hours: number): string {
  const at = new Date(Date.now() + 330 * 60_000 + hours * 3_600_000).toISOString();
  return `${at.slice(8, 10)} ${at.slice(5, 7)} ${at.slice(0, 4)} ${at.slice(11, 19)}`;
}

test('the admin ships three orders in one go and prints their labels; the courier delivers one and its customer sees the timeline', async ({ page, otherPage, request }, testInfo) => {
  test.setTimeout(150_000);
  const orders = [await paidOrder(request), await paidOrder(request), await paidOrder(request)];
  const phone = testInfo.project.name === 'phone';

  await signInToAdmin(page);
  await page.goto('/admin/shipments');
  for (const order of orders) await page.getByRole('checkbox', { name: `Select ${order.orderNumber}`, exact: true }).check();
  await page.getByRole('button', { name: 'Create shipments (3)' }).click();
  await expect(page.getByText('3 parcels created and sent for booking')).toBeVisible();

  // The courier books them in the background (a job each); the desk shows their AWBs once it has.
  await page.getByRole('tab', { name: 'On the way' }).click();
  const parcel = (orderNumber: string) => page.getByTestId(phone ? 'shipment-card' : 'shipment-row').filter({ hasText: `${orderNumber}-1` });
  await expect(async () => {
    await page.getByRole('tab', { name: 'Ready to ship' }).click();
    await page.getByRole('tab', { name: 'On the way' }).click();
    for (const order of orders) await expect(parcel(order.orderNumber)).toContainText('Delhivery Surface', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  for (const order of orders) await page.getByRole('checkbox', { name: `Select parcel ${order.orderNumber}-1`, exact: true }).check();
  await page.screenshot({ path: testInfo.outputPath('dispatch-desk.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print labels' }).click();
  const download = await downloading;
  const file = testInfo.outputPath('labels.pdf');
  await download.saveAs(file);
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  const awbs = fake.orders.filter((entry) => orders.some((order) => entry.channel_order_id === `${order.orderNumber}-1`)).map((entry) => entry.awb!);
  expect(awbs).toHaveLength(3);
  for (const awb of awbs) expect(text).toContain(`Shiprocket label AWB ${awb}`);
  // The labels as the printer will print them, to look at.
  execFileSync('pdftoppm', ['-r', '50', '-png', file, testInfo.outputPath('labels')]);

  // The courier reports the first parcel picked up and then delivered, through its webhook.
  const [first] = orders;
  const awb = fake.orders.find((entry) => entry.channel_order_id === `${first!.orderNumber}-1`)!.awb!;
  for (const [code, label, hours] of [[42, 'Picked Up', 1], [7, 'Delivered', 2]] as const) {
    const sent = await request.post('/api/shipping/courier-updates', { headers: { 'x-api-key': WEBHOOK_TOKEN }, data: fake.webhookPayload(awb, code, label, courierTime(hours)) });
    expect(await sent.json()).toMatchObject({ outcome: 'processed' });
  }

  // Its customer opens the order and reads the courier's timeline (the second browser knows only the journeys'
  // usual shop, so it is sent to this one by full address).
  await otherPage.goto(`${SHOP}/`);
  await otherPage.evaluate((token) => localStorage.setItem('deosil-customer-token', token), first!.token);
  await otherPage.goto(`${SHOP}/orders/${first!.orderNumber}`);
  const parcels = otherPage.getByTestId('order-parcels');
  await expect(parcels).toContainText(`AWB ${awb}`);
  const timeline = parcels.getByRole('list', { name: `Tracking of parcel ${awb}` });
  await expect(timeline).toContainText('Delivered');
  await expect(timeline).toContainText('Picked up');
  await otherPage.screenshot({ path: testInfo.outputPath('customer-timeline.png'), fullPage: true });
});
