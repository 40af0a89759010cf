#!/usr/bin/env node
/**
 * npm run bench:backoffice — the back office's list views with a year of 30-minute slots for 20 products
 * (target: p95 ≤ 100 ms). Creates a throw-away PostgreSQL database (admin URL from BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres; name BENCH_DATABASE_PREFIX, default shop_bench,
 * + _backoffice_<pid>), runs bench/backoffice-lists.ts on it through tsx (what it does and prints is
 * written there) and drops it after; BENCH_KEEP=1 keeps it.
 */
import { spawnSync } from 'node:child_process';
import { throwAwayDatabase } from './shop-server.mjs';

const database = throwAwayDatabase(`${process.env.BENCH_DATABASE_PREFIX || 'shop_bench'}_backoffice_${process.pid}`);
await database.create();
const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/backoffice-lists.ts', database.url], { stdio: 'inherit' });
if (process.env.BENCH_KEEP === '1') console.log('kept', database.name);
else await database.drop();
process.exit(run.status ?? 1);
