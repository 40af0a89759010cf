/**
 * Opens the shop database: PostgreSQL when a connection string is given, otherwise an embedded
 * PGlite data directory. Both answer to the same drizzle type, so nothing above this file knows which.
 */
import { fileURLToPath } from 'node:url';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool as PgPool, PoolClient as PgPoolClient } from 'pg';
import { DatabaseUnavailableError } from './connection-errors.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies pending migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** Runs `task` while holding a database-wide lock, so only one process seeds at a time. */
  withStartupLock<T>(task: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data directory as a tarball, which `loadDataDir` opens again (tests copy a seeded database with it). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: the data directory as an uncompressed tarball for a backup, checkpointed first with no
   * statement of another caller between the checkpoint and the copy: every value as it is, sequences too
   * (a copy without the checkpoint restores like a crash, and PostgreSQL then moves each used sequence up to
   * 32 ahead). The connection is held meanwhile.
   */
  backupSnapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Which engine a database handle runs on, for the few rules that differ (server/db/heavy-reads.ts). */
const engines = new WeakMap<object, DatabaseHandle['kind']>();

/** The engine of a database opened by `openDatabase` (a transaction handle is not one: pass the database). */
export function engineOf(db: Database): DatabaseHandle['kind'] {
  return engines.get(db) ?? 'postgres';
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// An arbitrary constant that identifies "the shop is starting up" among advisory locks.
const STARTUP_LOCK_KEY = 727_001;

export interface DatabaseOptions {
  /** postgres://… ; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  dataDir?: string | undefined;
  /** Size of the PostgreSQL connection pool. */
  poolSize?: number | undefined;
  /** PGlite only: start from this data-directory tarball (from `dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir ?? './data', options.loadDataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Dates stay strings (YYYY-MM-DD): they are calendar days in the organisation's timezone.
  pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
  const pool = guardedPool(new pg.Pool({ connectionString: url, max: poolSize }));
  // PostgreSQL may end an idle connection (restart, failover, an administrator). Without a
  // listener that 'error' event would crash the process; the pool replaces the connection on next use.
  pool.on('error', (error) => {
    process.emitWarning(`an idle PostgreSQL connection was closed: ${error.message}`, 'DatabaseConnectionWarning');
  });
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  engines.set(db, 'postgres');
  return {
    db,
    kind: 'postgres',
    // Migrations need no schema: without it the type checker has no schema-typed database to compare.
    migrate: () => migrate(drizzle({ client: pool }), { migrationsFolder }),
    async withStartupLock(task) {
      // A session-level advisory lock lives on one connection: hold that connection throughout.
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await task();
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The pool only listens for errors on idle connections. A connection that is checked out (a
 * transaction: drizzle's `db.transaction` takes one with `pool.connect()`) and loses its server emits
 * 'error' with no listener, which ends the process. So every connection gets a listener the moment the
 * pool hands it out ('acquire', synchronously: the server's "terminating connection" message may be
 * parsed in the same tick as the query answer that freed the connection for its next user). A
 * connection taken by `pool.connect()` is then handed back to the pool as broken (the pool drops it):
 * the query in flight fails with the connection error, the transaction is never committed, and the
 * next request gets a fresh connection. Release becomes idempotent because drizzle releases the
 * connection again in its own `finally`, and does not at all when `begin` already failed (which would
 * leak it). (`pool.query()` guards its own connection.)
 */
function guardedPool(pool: PgPool): PgPool {
  // Connections handed out by the promise form of pool.connect(), until released.
  const taken = new WeakSet<PgPoolClient>();
  const lost = new WeakSet<PgPoolClient>();
  const listeners = new WeakMap<PgPoolClient, (error: Error) => void>();

  pool.on('acquire', (client) => {
    lost.delete(client);
    const onError = (error: Error) => {
      process.emitWarning(`a PostgreSQL connection in use was lost: ${error.message}`, 'DatabaseConnectionWarning');
      lost.add(client);
      if (taken.has(client)) client.release(error);
    };
    listeners.set(client, onError);
    client.on('error', onError);
  });
  pool.on('release', (_error, client) => {
    const onError = listeners.get(client);
    if (onError) client.removeListener('error', onError);
    listeners.delete(client);
  });

  function take(client: PgPoolClient): PgPoolClient {
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      if (!taken.has(client)) return;
      taken.delete(client);
      release(error);
    };
    taken.add(client);
    // Lost between being handed out and now: back to the pool at once; the first query fails.
    if (lost.has(client)) client.release(new Error('Connection terminated unexpectedly'));
    return client;
  }

  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const guardedConnect = (callback?: unknown) =>
    callback
      ? connect(callback)
      : (connect() as Promise<PgPoolClient>).then(take, (error: unknown) => {
          throw new DatabaseUnavailableError(error);
        });
  pool.connect = guardedConnect as PgPool['connect'];
  return pool;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A PGlite data directory must be opened by one process at a time, and PGlite itself does not
 * stop a second one. A lock file with our pid does; a lock left by a process that died is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockFile = join(dataDir, 'shop.lock');
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(lockFile, 'utf8').trim());
  } catch {
    // no lock yet
  }
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The data directory ${dataDir} is in use by process ${holder}: an embedded database can be opened by one ` +
        'process at a time. Stop that process, or use DATABASE_URL (PostgreSQL) to run several.',
    );
  }
  writeFileSync(lockFile, String(process.pid), { mode: 0o600 });
  return () => rmSync(lockFile, { force: true });
}

/**
 * The data directory holds every order, customer and password hash: readable and writable by the shop's
 * own user only. PGlite unpacks its files with mode 0666 whatever the umask, so after opening every
 * directory becomes 0700 and every file 0600 (an older directory too), and the process's umask 077
 * keeps what is created later (PostgreSQL's new relation files, backups, the development ticket key)
 * private as well. (A worker thread cannot change the umask; the walk still runs there.)
 */
function keepPrivate(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // ERR_WORKER_UNSUPPORTED_OPERATION: the process's own umask stays
  }
  const walk = (path: string) => {
    chmodSync(path, 0o700);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) chmodSync(child, 0o600);
    }
  };
  walk(dataDir);
}

/**
 * PGlite runs PostgreSQL inside one WebAssembly memory, and every buffer PostgreSQL touches stays part of
 * the process for good (WebAssembly memory never shrinks). initdb's shared_buffers of 128 MB is touched
 * whole at start-up: measured with `npm run bench:memory`, 32 MB brings the idle server from ≈410-440 MiB
 * to ≈260-270 MiB RSS, with no measurable change in read rate; the demo shop's data (≈40 MB on disk)
 * stays in the operating system's file cache anyway.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const unlock = dataDir.includes('://') ? () => undefined : lockDataDir(dataDir);
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
  const client = await PGlite.create(dataDir, { startParams, ...(loadDataDir ? { loadDataDir } : {}) }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  if (!dataDir.includes('://')) keepPrivate(dataDir);
  const db = drizzle({ client, schema }) as unknown as Database;
  engines.set(db, 'pglite');
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(drizzle({ client }), { migrationsFolder }),
    // PGlite belongs to this one process and runs one statement at a time: nothing to coordinate.
    withStartupLock: (task) => task(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    // Inside a transaction no other caller's statement runs (PGlite queues them); the transaction writes nothing. The
    // checkpoint before it writes most changed pages out while requests still interleave, so the one inside is short.
    async backupSnapshot() {
      await client.exec('checkpoint');
      return client.transaction(async (tx) => {
        await tx.exec('checkpoint');
        return client.dumpDataDir('none');
      });
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}

/** Liveness probe used by /api/health. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
