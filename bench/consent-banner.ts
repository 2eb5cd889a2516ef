// What the cookie banner costs the home page (issue 42), printed by `npm run bench`: Lighthouse on `/` for a first
// visit (no choice stored, the banner shows) and for a visitor whose choice is stored (necessary only: no banner,
// no tag), alternated in one run against one shop, so the machine's load falls on both alike. Figures, not a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type Flags } from 'lighthouse';
import { CONSENT_COOKIE, consentCookieValue } from '../domain/cookie-consent.ts';
import { startChild, stop } from './harness.ts';
import { ensureBuilt } from './shop-build.ts';

const PORT = Number(process.env.BENCH_CONSENT_PORT ?? 3233);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGE = `${ORIGIN}/`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
/** Runs of each kind; the median is reported, as Lighthouse advises for scores that move between runs. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** A run that has not finished by then is abandoned (its Chromium killed) and reported as left out. */
const RUN_TIMEOUT_MS = Number(process.env.LIGHTHOUSE_RUN_TIMEOUT_MS ?? 180_000);

/**
 * Lighthouse 12's mobile defaults, written out so the figures say what they were taken under: a Moto G Power
 * screen, simulated slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) and a 4x CPU slowdown, all simulated
 * (Lantern) from one unthrottled load. The page-load waits are raised from 15/45 s because the machine is shared.
 */
const FLAGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
  maxWaitForFcp: 60_000,
  maxWaitForLoad: 90_000,
    // Each run has a Chromium of its own with an empty profile, so nothing is cached between runs; the reset is
  // turned off so the consent cookie set before a no-banner run is still there when the page loads.
  disableStorageReset: true,
};

type Visit = 'banner' | 'choice stored';

interface Figure {
  visit: Visit;
  performance: number;
  clsValue: number;
  lcpMs: number;
  tbtMs: number;
  scriptKb: number;
  /** Lighthouse's measure of the host CPU during the run; it falls when other work competes for the CPU. */
  hostIndex: number;
}

/** The stored choice of a visitor who answered "Necessary only": no banner, and no tag either. */
const NECESSARY_ONLY = consentCookieValue({ analytics: false, marketing: false, visitorId: '00000000-0000-4000-8000-000000000001' });

/** Each Chromium's debugging port, next to the shop's; one Chromium at a time, so one port does. */
const DEBUGGING_PORT = PORT + 1;

/**
 * One Chromium per run, with an empty profile of its own: Playwright starts it (and sets the consent cookie in
 * its default context for a no-banner run), Lighthouse drives it through its debugging port. Both kinds of run
 * start the same way, so neither carries a cost the other does not.
 */
async function oneRun(visit: Visit): Promise<Figure | string> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'deosil-lh-'));
  const debuggingPort = DEBUGGING_PORT;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME_PATH,
    headless: true,
    viewport: null,
    args: [...CHROME_FLAGS.slice(1), `--remote-debugging-port=${debuggingPort}`],
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    if (visit === 'choice stored') await context.addCookies([{ name: CONSENT_COOKIE, value: NECESSARY_ONLY, url: ORIGIN }]);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no result within ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS);
    });
    const result = await Promise.race([lighthouse(PAGE, { ...FLAGS, port: debuggingPort }), timeout]);
    if (!result) return 'no result';
    const { categories, audits, environment, runtimeError } = result.lhr;
    if (categories.performance?.score == null) return runtimeError?.code ?? 'no score';
    const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const scriptBytes = requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
    return {
      visit,
      performance: Math.round(categories.performance.score * 100),
      clsValue: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      scriptKb: scriptBytes / 1024,
      hostIndex: environment.benchmarkIndex,
    };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

ensureBuilt();
const dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-consent-'));
// A measurement id makes the shop offer the banner; nothing can reach Google from here, and necessary-only loads nothing.
// The shop's first start seeds its database; on a machine shared with builds and tests that has taken minutes.
const shop = await startChild('scripts/start.ts', { DATA_DIR: dataDir, GA4_MEASUREMENT_ID: 'G-BENCH00000' }, PORT, '/api/health', 600_000);
try {
  const figures: Figure[] = [];
  const leftOut: Record<Visit, string[]> = { banner: [], 'choice stored': [] };
  // Warm the server's page cache, so the first run is not the one that renders the page.
  await fetch(PAGE);
  for (let run = 0; run < RUNS; run += 1) {
    for (const visit of ['banner', 'choice stored'] as const) {
      const figure = await oneRun(visit);
      if (typeof figure === 'string') leftOut[visit].push(figure);
      else figures.push(figure);
      console.info(`run ${run + 1} ${visit}: ${typeof figure === 'string' ? `left out (${figure})` : `performance ${figure.performance}`}`);
    }
  }
  const summary = (visit: Visit) => {
    const runs = figures.filter((figure) => figure.visit === visit);
    return {
      visit,
      runs: runs.length,
      performance: median(runs.map((figure) => figure.performance)),
      'each run': runs.map((figure) => figure.performance).join(' ') + (leftOut[visit].length ? ` (left out: ${leftOut[visit].join(', ')})` : ''),
      CLS: median(runs.map((figure) => figure.clsValue)),
      'LCP ms': median(runs.map((figure) => figure.lcpMs)),
      'TBT ms': median(runs.map((figure) => figure.tbtMs)),
      'JS KB': median(runs.map((figure) => figure.scriptKb)),
      'host index': runs.map((figure) => Math.round(figure.hostIndex)).join(' '),
    };
  };
  const banner = summary('banner');
  const stored = summary('choice stored');
  console.info(`\nLighthouse on / (mobile, simulated slow 4G, 4x CPU slowdown), the median of ${RUNS} runs of each, alternated:`);
  console.table(
    [banner, stored].map((row) => ({ ...row, CLS: row.CLS.toFixed(3), 'LCP ms': Math.round(row['LCP ms']), 'TBT ms': Math.round(row['TBT ms']), 'JS KB': row['JS KB'].toFixed(1) })),
  );
  const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? '1.00' : '∞') : (a / b).toFixed(2));
  console.info(
    `banner ÷ choice stored: performance ${ratio(banner.performance, stored.performance)}, LCP ${ratio(banner['LCP ms'], stored['LCP ms'])}, TBT ${ratio(banner['TBT ms'], stored['TBT ms'])}, JS ${ratio(banner['JS KB'], stored['JS KB'])}; CLS ${banner.CLS.toFixed(3)} against ${stored.CLS.toFixed(3)}`,
  );
} finally {
  // The shop closes its embedded database on the way out; its files go only once it has.
  await stop(shop);
  rmSync(dataDir, { recursive: true, force: true });
}
