// The real shop in one node process for the benchmarks, compiled as production runs it (dist-server/,
// built here when missing or stale by scripts/ensure-build.mjs): on a fresh PGlite data directory (the
// storefront benchmarks), or on a PostgreSQL database (`databaseUrl`, the API benchmarks). `stop()` stops
// and awaits it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A shop as production runs it, plus the demo data and the test gateway the benchmarks order with.
 * Production refuses to start without a ticket signing key: a throw-away one per bench run, shared
 * by its processes.
 */
const ticketKey = randomBytes(32).toString('base64url');
export const productionEnv = { NODE_ENV: 'production', SEED_DEMO: 'true', ALLOW_TEST_GATEWAY: 'true', TICKET_SIGNING_KEY: ticketKey };

export async function startShop({ port, staticDir = 'dist', databaseUrl = '', nodeArgs = [], env = {} }) {
  const base = `http://127.0.0.1:${port}`;
  // Another server on the port would answer the health check and be measured instead of this one.
  if (await answers(`${base}/api/health`)) throw new Error(`port ${port} is already in use: stop what runs there or choose another port`);
  ensureBuild();
  const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, 'dist-server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      SECURITY_ENABLED: 'false',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`the server on port ${port} did not become healthy within 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid, stop };
}

let built = false;
function ensureBuild() {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('building the shop failed (scripts/ensure-build.mjs)');
  built = true;
}

async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * A throw-away PostgreSQL database named `name` on the server of BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres, a role that may create databases).
 */
export function throwAwayDatabase(name) {
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  async function admin(statement) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  return {
    name,
    url: url.toString(),
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`).catch((error) => console.error('could not drop', name, error.message)),
  };
}
