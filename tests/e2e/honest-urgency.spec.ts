import { expect, test } from '../support/e2e.ts';

const HOUR_MS = 60 * 60 * 1000;

test("a festival's countdown runs to the festival's real end", async ({ page }) => {
  const festivals = (await (await page.request.get('/api/festivals/active')).json()).festivals as { name: string; endDate: string }[];
  expect(festivals.length).toBeGreaterThan(0);
  const soonest = festivals.reduce((first, festival) => (Date.parse(festival.endDate) < Date.parse(first.endDate) ? festival : first));
  // The browser's clock set to 2 days, 4 hours and a half before the festival that ends first: every banner then
  // counts down to its own stored end. (A festival another journey made may end sooner than that from now: the
  // browser's clock is then in the past, which the countdown reads just the same.)
  const browserNow = Date.parse(soonest.endDate) - (52 * HOUR_MS + HOUR_MS / 2);
  await page.clock.install({ time: browserNow });
  await page.goto('/');
  await page.clock.pauseAt(browserNow + 2000);
  const banner = page.getByTestId('festival-banner');
  await expect(banner.getByTestId('festival-countdown')).toBeVisible();
  const shownName = await banner.locator('strong').first().textContent();
  const shown = festivals.find((festival) => festival.name === shownName)!;
  const hoursLeft = Math.floor((Date.parse(shown.endDate) - browserNow) / HOUR_MS);
  const [days, hours] = [Math.floor(hoursLeft / 24), hoursLeft % 24];
  await expect(banner.getByTestId('festival-countdown')).toHaveText(`Ends in ${days} day${days === 1 ? '' : 's'}${hours ? ` ${hours} hour${hours === 1 ? '' : 's'}` : ''}`);
});
