// Page weight per route: the sum of gzip -9 of every script a real Chromium fetches when it opens
// the route on a freshly started shop. Fails when `/` exceeds the budget.
//   npm run size                 (run `npm run build` first after changing src/)
//   npm run size -- --detail     (also lists every script per route)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const BUDGET_KIB = { '/': 160 };
const ROUTES = ['/', '/category/1/day-tickets', '/faq', '/client/login', '/product/1/aquarium-entry', '/calendar', '/no-such-page'];
const detail = process.argv.includes('--detail');
const port = Number(process.env.SIZE_PORT ?? 4310);
const base = `http://127.0.0.1:${port}`;

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-size-')), STATIC_DIR: 'dist', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth(deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy within 60 s');
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
let failed = false;
try {
  await waitForHealth();
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
      scripts.set(response.url(), response.body().catch(() => Buffer.alloc(0)));
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
} finally {
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
