// Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) against the real server with
// the built storefront, on a fresh PGlite data directory. Prints the performance and accessibility
// scores of each page (the median of the runs) with its LCP, CLS, TBT and the bytes transferred,
// and fails when one scores under 90.
//   npm run build && npm run bench:lighthouse
//   npm run bench:lighthouse -- --runs 5      (runs per page; default 3)
//   npm run bench:lighthouse -- --report DIR  (also writes every run's Lighthouse JSON report to DIR:
//                                              LCP element and phases, main-thread work, unused JS)
// Env: LIGHTHOUSE_PORT (default 4330; the browser's debugging port is the next one),
// CHROMIUM_PATH (default /usr/bin/chromium: `apt-get install -y chromium`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { startShop } from './shop-server.mjs';

const PAGES = ['/', '/product/1/aquarium-entry', '/faq', '/calendar', '/subscription/1/family-membership', '/voucher/1/gift-voucher'];
const MIN_SCORE = 90;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const reportArg = process.argv.indexOf('--report');
const reportDir = reportArg > 0 ? process.argv[reportArg + 1] : null;
if (reportDir) mkdirSync(reportDir, { recursive: true });
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4330);
const debuggingPort = port + 1;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
if (!existsSync(chromiumPath)) {
  console.error(`no Chromium at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  process.exit(1);
}

async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'shop-lighthouse-profile-'));
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      `--remote-debugging-port=${debuggingPort}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--no-first-run',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).ok) return { stop };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('Chromium did not open its debugging port');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const shop = await startShop({ port });
let browser;
let failed = false;
try {
  browser = await startChromium();
  console.log(
    'page'.padEnd(36),
    'perf',
    'runs'.padStart(14),
    'a11y'.padStart(5),
    'LCP ms'.padStart(8),
    'CLS'.padStart(6),
    'TBT ms'.padStart(7),
    'KiB'.padStart(6),
  );
  for (const path of PAGES) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${shop.base}${path}`, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const { audits, categories } = result.lhr;
      if (reportDir) writeFileSync(join(reportDir, `${path.replace(/\W+/g, '_')}-${run + 1}.json`), result.report);
      results.push({
        score: Math.round((categories.performance.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        bytes: audits['total-byte-weight'].numericValue,
      });
    }
    const score = median(results.map((r) => r.score));
    const accessibility = median(results.map((r) => r.accessibility));
    const under = score < MIN_SCORE || accessibility < MIN_SCORE;
    if (under) failed = true;
    console.log(
      path.padEnd(36),
      String(score).padStart(4),
      results
        .map((r) => r.score)
        .join(' ')
        .padStart(14),
      String(accessibility).padStart(5),
      String(Math.round(median(results.map((r) => r.lcp)))).padStart(8),
      median(results.map((r) => r.cls))
        .toFixed(3)
        .padStart(6),
      String(Math.round(median(results.map((r) => r.tbt)))).padStart(7),
      (median(results.map((r) => r.bytes)) / 1024).toFixed(0).padStart(6),
      under ? `  UNDER ${MIN_SCORE}` : '',
    );
  }
} finally {
  await browser?.stop();
  await shop.stop();
}
process.exit(failed ? 1 : 0);
