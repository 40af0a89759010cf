/**
 * The database's side of a backup and a restore, per engine.
 * - PGlite: the data directory as one tarball, taken by the process that has it open (`backupSnapshot`
 *   in db/client.ts: a checkpoint, then PGlite's `dumpDataDir`, with no other statement between or
 *   during them: one consistent state with every value exact, sequences included). Its only connection
 *   is held meanwhile (measured: `held_ms` in the log). Restored by opening an empty directory from that
 *   tarball.
 * - PostgreSQL: `pg_dump --format=custom` (one MVCC snapshot: the shop keeps running), streamed;
 *   restored by `pg_restore` in one transaction.
 */
import { spawn, execFile } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { EntrySink } from './backup-archive.ts';

/** The newest migration applied (its folderMillis, as drizzle records it), or null before the first. */
export async function appliedMigration(database: DatabaseHandle): Promise<string | null> {
  try {
    const result = (await database.db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { at: string | number | null }[];
    };
    const at = result.rows[0]?.at;
    return at === null || at === undefined ? null : String(at);
  } catch {
    return null;
  }
}

/** The newest migration this version of the shop knows. */
export function newestKnownMigration(): number {
  return Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
}

// ------------------------------------------------------------------ PGlite

/** The data directory as a tarball (uncompressed: compression happens after the connection is given back). */
export async function pgliteSnapshot(database: DatabaseHandle): Promise<{ tarball: Blob; heldMs: number }> {
  if (!database.backupSnapshot) throw new Error('this database cannot be copied as a data directory');
  const started = performance.now();
  const tarball = await database.backupSnapshot();
  return { tarball, heldMs: Math.round(performance.now() - started) };
}

/** Opens the empty directory `dataDir` from a backed-up tarball and checks that it answers. */
export async function restorePglite(dataDir: string, tarball: Blob): Promise<void> {
  const database = await openDatabase({ dataDir, loadDataDir: tarball });
  try {
    await database.db.execute(sql`select count(*) from orders`);
  } finally {
    await database.close();
  }
}

// ------------------------------------------------------------------ PostgreSQL

/** libpq arguments for a connection string, its password moved to the environment (never on a command line). */
function connection(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { args: ['--no-password', `--dbname=${parsed.toString()}`], env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

const run = promisify(execFile);

/** The major version of a PostgreSQL client program (pg_dump 15.20 → 15). */
async function clientMajor(program: string): Promise<number> {
  let output: string;
  try {
    output = (await run(program, ['--version'])).stdout;
  } catch (error) {
    throw new Error(
      `${program} could not be run (${(error as Error).message}): install the PostgreSQL client programs or set BACKUP_PG_DUMP / BACKUP_PG_RESTORE`,
      { cause: error },
    );
  }
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(output);
  if (!match) throw new Error(`${program} --version answered "${output.trim()}": not a PostgreSQL program`);
  return Number(match[1]);
}

/** pg_dump must be of the server's major version or newer (an older one refuses a newer server). */
export async function checkPgDumpVersion(pgDump: string, database: DatabaseHandle): Promise<void> {
  const result = (await database.db.execute(sql`select current_setting('server_version_num')::int / 10000 as major`)) as unknown as {
    rows: { major: number }[];
  };
  const server = Number(result.rows[0]?.major);
  const client = await clientMajor(pgDump);
  if (client < server)
    throw new Error(`${pgDump} is of PostgreSQL ${client} and the server runs PostgreSQL ${server}: install pg_dump ${server} and point BACKUP_PG_DUMP at it`);
}

/** Runs a program, answering its exit; a failure carries its error output. */
function exited(child: ReturnType<typeof spawn>, program: string, stderr: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${program} could not be run: ${error.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (${signal ?? `exit code ${code}`}): ${stderr().trim().slice(-2000)}`));
    });
  });
}

/** pg_dump's custom-format archive of the database at `url`, as it is written. */
export async function* pgDump(program: string, url: string): AsyncGenerator<Buffer> {
  const { args, env } = connection(url);
  // Uncompressed: the whole backup is compressed once, after.
  const child = spawn(program, ['--format=custom', '--compress=0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (piece: Buffer) => (errors += piece.toString('utf8')));
  const done = exited(child, program, () => errors);
  done.catch(() => undefined);
  let finished = false;
  try {
    for await (const piece of child.stdout) yield piece as Buffer;
    await done;
    finished = true;
  } finally {
    if (!finished) child.kill();
  }
}

/** Whether the database at `url` has no tables, sequences or views of its own. */
export async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'S', 'v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`);
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into the database at `url`, fed the custom-format archive through its input: all in one
 * transaction (a failure leaves the database as it was), owners and grants left to the restoring role.
 * `clean`: drop what the archive holds first (a restore over a shop, asked for with --force).
 */
export async function pgRestore(program: string, url: string, clean: boolean): Promise<EntrySink> {
  await clientMajor(program);
  const { args, env } = connection(url);
  const options = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', ...(clean ? ['--clean', '--if-exists'] : []), ...args];
  const child = spawn(program, options, { env, stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (piece: Buffer) => (errors += piece.toString('utf8')));
  const done = exited(child, program, () => errors);
  done.catch(() => undefined);
  const stdin = child.stdin;
  stdin.on('error', () => undefined); // a pg_restore that stopped early says why through its exit
  return {
    async write(piece) {
      if (!stdin.write(piece)) await Promise.race([once(stdin, 'drain'), done]);
    },
    async end() {
      stdin.end();
      await done;
    },
  };
}
