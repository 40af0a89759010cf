// Page weight per route: the sum of gzip -9 of every script a real Chromium fetches when it opens
// the route on a freshly started shop (until the page has shown and the network is idle, so scripts
// loaded after the first render count too). Fails when `/` exceeds its budget or any other route the
// route budget (the payment SDKs load only once a payment starts, so no route here loads them).
//   npm run size                 (run `npm run build` first after changing src/)
//   npm run size -- --detail     (also lists every script per route)
//   npm run size -- --sentry     (builds the storefront with error reporting on, into a temporary
//                                 folder, and holds `/` to the budget with Sentry loaded)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startShop } from './shop-server.mjs';

const detail = process.argv.includes('--detail');
const withSentry = process.argv.includes('--sentry');
// 130: react-dom is ~62 KiB gzip of the start-up script, i18next ~15, react-router and React Query ~11 each;
// the first page needs no axios (src/lib/api-client.ts: it loads with the first call that needs it).
// Any other route: 165. Error reporting may add to the first page (its client loads once the page has
// loaded), but never as much again as the shop itself: 50 KiB on top.
const HOME_BUDGET_KIB = 130;
const ROUTE_BUDGET_KIB = 165;
// embed.js, the one script an organisation's own site loads (docs/embedding.md): everything else loads in its frame.
const EMBED_BUDGET_KIB = 5;
const budgetOf = (route) => (route === '/' ? HOME_BUDGET_KIB : ROUTE_BUDGET_KIB) + (withSentry ? 50 : 0);
const ROUTES = withSentry
  ? ['/', '/product/1/aquarium-entry']
  : ['/', '/category/1/day-tickets', '/faq', '/client/login', '/product/1/aquarium-entry', '/calendar', '/no-such-page'];
const port = Number(process.env.SIZE_PORT ?? 4310);

let staticDir = 'dist';
if (withSentry) {
  // The DSN points at this very server (which answers its envelopes with a 404): nothing leaves the machine.
  staticDir = mkdtempSync(join(tmpdir(), 'shop-size-sentry-'));
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, VITE_SENTRY_DSN: `http://public@127.0.0.1:${port}/1` },
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
let failed = false;
const shop = await startShop({ port, staticDir });
const base = shop.base;
try {
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  console.log('route'.padEnd(30), 'scripts', 'raw KiB'.padStart(9), 'gzip -9 KiB'.padStart(12));
  for (const route of ROUTES) {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    // On a busy machine the network can fall idle while the start-up script still runs, before the page's
    // own code is asked for: wait for the page itself (its heading, no start-up screen), then idle again.
    await page.locator('h1').first().waitFor({ timeout: 90_000 });
    await page.locator('.startup-screen').waitFor({ state: 'detached', timeout: 90_000 });
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts.values());
    if (detail) {
      const urls = [...scripts.keys()];
      bodies
        .map((body, index) => ({ name: urls[index].replace(base, ''), gzip: gzipSync(body, { level: 9 }).length }))
        .sort((a, b) => b.gzip - a.gzip)
        .forEach(({ name, gzip }) => console.log('   ', name.padEnd(44), kib(gzip).padStart(8)));
    }
    const raw = bodies.reduce((sum, body) => sum + body.length, 0);
    const gzip = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    const budget = budgetOf(route);
    const verdict = budget === undefined ? '' : gzip / 1024 <= budget ? `  ≤ ${budget} KiB budget` : `  OVER the ${budget} KiB budget`;
    if (budget !== undefined && gzip / 1024 > budget) failed = true;
    console.log(route.padEnd(30), String(bodies.length).padStart(7), kib(raw).padStart(9), kib(gzip).padStart(12) + verdict);
    await page.close();
  }
  await browser.close();
  const embed = gzipSync(readFileSync(join(staticDir, 'embed.js')), { level: 9 }).length;
  const embedVerdict = embed / 1024 <= EMBED_BUDGET_KIB ? `  ≤ ${EMBED_BUDGET_KIB} KiB budget` : `  OVER the ${EMBED_BUDGET_KIB} KiB budget`;
  if (embed / 1024 > EMBED_BUDGET_KIB) failed = true;
  console.log(
    '/embed.js (on the embedding site)'.padEnd(30),
    '1'.padStart(7),
    kib(readFileSync(join(staticDir, 'embed.js')).length).padStart(9),
    kib(embed).padStart(12) + embedVerdict,
  );
} finally {
  await shop.stop();
  if (withSentry) rmSync(staticDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
