#!/usr/bin/env node
/**
 * npm run bench:memory — how much memory the embedded default (PGlite, no DATABASE_URL) holds when idle.
 * Starts server/main.ts as `npm start` does (through tsx, no extra node flags) on a fresh DATA_DIR,
 * waits for /api/health, lets it idle MEMORY_IDLE_SECONDS (default 5) and reads VmRSS from
 * /proc/<pid>/status; stops it and does the same again on the now existing data directory.
 * Fails (exit 1) when either figure is over MEMORY_LIMIT_MIB (default 400). Port: MEMORY_PORT (4330).
 * Linux only (/proc). The data directory is a temporary one, removed after.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productionEnv } from './shop-server.mjs';

const env = process.env;
const limitMib = Number(env.MEMORY_LIMIT_MIB || 400);
const idleSeconds = Number(env.MEMORY_IDLE_SECONDS || 5);
const port = Number(env.MEMORY_PORT || 4330);
const dataDir = mkdtempSync(join(tmpdir(), 'shop-memory-'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function statusOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** The tsx CLI runs the server in a child node process (next to esbuild's): the whole tree, launcher first. */
function processTree(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [];
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.shift();
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

async function measure(label) {
  const startedAt = performance.now();
  const { DATABASE_URL: _ignored, ...rest } = env;
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    env: {
      ...rest,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      ...productionEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let ready = false;
    for (let attempt = 0; attempt < 1200 && !ready; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        ready = (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        // starting
      }
      if (!ready) await sleep(100);
    }
    if (!ready) throw new Error('the server did not start');
    const readyMs = performance.now() - startedAt;
    await sleep(idleSeconds * 1000);
    const tree = processTree(child.pid).map((pid) => ({ pid, ...statusOf(pid) }));
    // The server is the biggest of the launcher's descendants.
    const server = tree.slice(1).reduce((biggest, entry) => (entry.rss > biggest.rss ? entry : biggest));
    const total = tree.reduce((sum, entry) => sum + entry.rss, 0);
    const mib = (kib) => Math.round(kib / 1024);
    console.log(
      `${label.padEnd(14)} ready ${(readyMs / 1000).toFixed(1)} s   idle RSS ${mib(server.rss)} MiB (peak ${mib(server.hwm)} MiB)   with the tsx launcher ${mib(total)} MiB`,
    );
    return mib(server.rss);
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

let failed;
try {
  const figures = [await measure('fresh data'), await measure('existing data')];
  failed = figures.some((figure) => figure > limitMib);
  console.log(failed ? `FAIL: over ${limitMib} MiB` : `ok: both at most ${limitMib} MiB`);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
