// `npm run bench:startup`: how long the compiled server (dist-server/main.js, as `npm start` runs it in
// production) takes from process start to answering /api/health on data that already exists: a PGlite
// data directory and a PostgreSQL database, each prepared (migrated and seeded) by a first start that is
// not counted. Three timed starts each; the median is the figure. PostgreSQL is measured when
// BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) answers.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productionEnv, throwAwayDatabase } from './shop-server.mjs';

const port = Number(process.env.BENCH_PORT ?? 4390);
const runs = Number(process.env.BENCH_RUNS ?? 3);

const built = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (built.status !== 0) process.exit(built.status ?? 1);

/** Starts the server, waits for /api/health, stops it; answers the milliseconds to the first healthy answer. */
async function timedStart(env) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: { ...process.env, ...productionEnv, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: 'dist', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('the server did not answer within 180 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function measure(label, env) {
  const first = await timedStart(env);
  const times = [];
  for (let run = 0; run < runs; run += 1) times.push(await timedStart(env));
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const format = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`${label.padEnd(28)} ready in ${format(median)} (median of ${times.map(format).join(', ')}; first start on empty data ${format(first)})`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'shop-startup-'));
try {
  await measure('PGlite, existing data dir', { DATABASE_URL: '', DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const database = throwAwayDatabase(`${process.env.BENCH_DATABASE_PREFIX ?? 'shop_bench'}_startup_${process.pid}`);
let created = false;
try {
  await database.create();
  created = true;
} catch (error) {
  console.log(`PostgreSQL not measured: ${error.message}`);
}
if (created) {
  try {
    await measure('PostgreSQL, existing database', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}
