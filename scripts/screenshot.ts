// Screenshots of shop pages in Debian's Chromium, for checking the look at phone, tablet and desktop widths.
// Usage: npx tsx scripts/screenshot.ts http://localhost:3000/products [outDir] [widths]
import { chromium } from '@playwright/test';

const [url = 'http://localhost:3000/', outDir = '/tmp/shots', widthList = '375,768,1440'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const name = new URL(url).pathname.replace(/\W+/g, '_') || 'home';
for (const width of widthList.split(',').map(Number)) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  const file = `${outDir}/${name}-${width}.png`;
  await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
  console.log(file, errors.length ? `errors: ${errors.join(' | ')}` : '');
  await page.close();
}
await browser.close();
