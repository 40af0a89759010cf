// Page weight per route: the sum of gzip -9 of every script a real Chromium fetches when it opens
// the route on a freshly started shop (until the network is idle, so scripts loaded after the
// first render count too). Fails when `/` exceeds the budget.
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
// 150: react-dom is ~63 KiB gzip of the start-up script, axios (the design card's HTTP client) ~21.
// Error reporting may add to the first page (its client loads once the page has loaded), but
// never as much again as the shop itself: 50 KiB on top.
const HOME_BUDGET_KIB = 150;
// embed.js, the one script an organisation's own site loads (docs/embedding.md): everything else loads in its frame.
const EMBED_BUDGET_KIB = 5;
const BUDGET_KIB = { '/': withSentry ? HOME_BUDGET_KIB + 50 : HOME_BUDGET_KIB };
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
    const budget = BUDGET_KIB[route];
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
