// Page budgets, printed by `npm run bench` (figures, not a test): the JavaScript a storefront page makes the
// browser download on a first visit (gzip, budget 110 KB, and no back-office code), and Lighthouse's mobile
// performance, accessibility and layout-shift figures. Uses Debian's Chromium; never downloads a browser.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { stop } from './harness.ts';
import { ensureBuilt } from './shop-build.ts';

const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3231);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const JS_BUDGET_KB = 110;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

const SIZE_PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/', '/products', '/products/dark-poppy', '/about', '/contact', '/faq', '/shipping'];
const LIGHTHOUSE_PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/', '/products', '/products/dark-poppy'];

function startShop(dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork('scripts/start.ts', [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${PORT}` },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => reject(new Error(`the shop exited with ${code}`)));
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        if ((await fetch(`${ORIGIN}/api/health`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error('the shop did not start'));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

interface JsFigure {
  page: string;
  files: number;
  gzipKb: number;
  adminFiles: string[];
}

/** Every script the page loads until the network settles, gzip-compressed here at level 9 so the figure does not depend on the server's encoding. */
async function measureJavaScript(): Promise<JsFigure[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  const figures: JsFigure[] = [];
  try {
    for (const page of SIZE_PAGES) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
      const tab = await context.newPage();
      const scripts = new Map<string, Buffer>();
      tab.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        try {
          scripts.set(response.url(), await response.body());
        } catch {
          // a redirect or aborted request has no body
        }
      });
      await tab.goto(`${ORIGIN}${page}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(500);
      const gzipBytes = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      figures.push({
        page,
        files: scripts.size,
        gzipKb: gzipBytes / 1024,
        adminFiles: [...scripts.keys()].filter((url) => /admin/i.test(new URL(url).pathname)),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

interface LighthouseFigure {
  page: string;
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's own measure of the host CPU for this run; it falls when something else competes for the CPU. */
  benchmarkIndex: number;
}

/** Lighthouse's own advice: scores move between runs, so judge the median of several (LIGHTHOUSE_RUNS, default 5). */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** A page's median run, every run that produced a score, and the error codes of the runs that did not. */
interface PageFigure {
  median: LighthouseFigure;
  runs: LighthouseFigure[];
  leftOut: string[];
}

async function runLighthouse(): Promise<PageFigure[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const figures: PageFigure[] = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const runs: LighthouseFigure[] = [];
      const leftOut: string[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        // Mobile defaults: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown.
        const result = await lighthouse(`${ORIGIN}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const { categories, audits } = result.lhr;
        // A run that ended in a runtime error has no performance score; it is left out rather than counted as 0,
        // and its error code is printed with the figures.
        if (categories.performance?.score == null) {
          leftOut.push(result.lhr.runtimeError?.code ?? 'no score');
          continue;
        }
        runs.push({
          page,
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          benchmarkIndex: result.lhr.environment.benchmarkIndex,
        });
      }
      if (runs.length === 0) throw new Error(`No Lighthouse run of ${page} produced a performance score`);
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
      figures.push({ median, runs, leftOut });
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

/** The share of all cores busy over the next second, read from the kernel's counters (not the lagging load average). */
async function busyShareOfCpu(): Promise<number> {
  const totals = () =>
    cpus().reduce(
      (sum, cpu) => {
        const { idle, ...busy } = cpu.times;
        return { idle: sum.idle + idle, busy: sum.busy + Object.values(busy).reduce((a, b) => a + b, 0) };
      },
      { idle: 0, busy: 0 },
    );
  const before = totals();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = totals();
  const busy = after.busy - before.busy;
  return busy / (busy + after.idle - before.idle);
}

// Lighthouse simulates a slow phone from a trace taken on this machine, so anything else using the CPU (a test run,
// a build) lowers the scores. The CPU is read before the bench starts any work of its own.
const busyBeforeBench = await busyShareOfCpu();
if (busyBeforeBench > 0.25) {
  console.warn(`${Math.round(busyBeforeBench * 100)}% of the CPU is busy with other work: the Lighthouse scores will read low.`);
}
ensureBuilt();
const dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-pages-'));
const shop = await startShop(dataDir);
try {
  console.info('\nJavaScript on a first visit (gzip level 9; budget %d KB, no admin code):', JS_BUDGET_KB);
  const sizes = await measureJavaScript();
  console.table(
    sizes.map((figure) => ({
      page: figure.page,
      scripts: figure.files,
      'gzip KB': figure.gzipKb.toFixed(1),
      budget: figure.gzipKb <= JS_BUDGET_KB ? 'within' : 'OVER',
      'admin code': figure.adminFiles.length ? figure.adminFiles.join(', ') : 'none',
    })),
  );

  console.info(`\nLighthouse, mobile defaults, the median of ${LIGHTHOUSE_RUNS} runs (targets: performance ≥ 95, accessibility ≥ 95, CLS ≤ 0.02):`);
  const scores = await runLighthouse();
  console.table(
    scores.map(({ median, runs, leftOut }) => ({
      page: median.page,
      performance: median.performance,
      'each run': runs.map((run) => run.performance).join(' ') + (leftOut.length ? ` (left out: ${leftOut.join(', ')})` : ''),
      accessibility: median.accessibility,
      CLS: median.cls.toFixed(3),
      'LCP ms': Math.round(median.lcpMs),
      'TBT ms': Math.round(median.tbtMs),
      'host index': runs.map((run) => Math.round(run.benchmarkIndex)).join(' '),
    })),
  );
  console.info(
    "The host index is Lighthouse's measure of this machine's CPU in each run; it falls when other work competes for the CPU, and the scores with it.",
  );
} finally {
  // The shop closes its embedded database on the way out; its files go only once it has.
  await stop(shop);
  rmSync(dataDir, { recursive: true, force: true });
}
