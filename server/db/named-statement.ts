/**
 * A raw statement run as a NAMED prepared statement on PostgreSQL: each connection parses it once and
 * PostgreSQL may keep its plan, instead of parsing and planning it on every call as drizzle's
 * `execute` does (unnamed). Measured on the checkout's catalogue read: ≈0.45 ms of planning per call,
 * as much as running it. For the checkout's hot statements only: their text must come from a small,
 * fixed set of shapes (values go in parameters), since every distinct text is kept on every connection.
 * On PGlite (one process, nothing to save) it is drizzle's `execute`.
 */
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type * as Pg from 'pg';
import { lazyModule } from '../lazy-module.ts';
import type { Executor } from './client.ts';

const pg = lazyModule<typeof Pg>('pg');
// PGlite's client (it names no statements); node-postgres is then never loaded.
const isPglite = (client: object) => 'waitReady' in client;

const dialect = new PgDialect();
// Statement text → its name; bounded by the shapes of the statements given here.
const names = new Map<string, string>();

/** The node-postgres pool or (inside a transaction) connection behind a drizzle executor; null on PGlite. */
function pgClientOf(executor: Executor): Pg.Pool | Pg.ClientBase | null {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (typeof client !== 'object' || client === null || isPglite(client)) return null;
  const { Pool, Client } = pg();
  return client instanceof Pool || client instanceof Client ? client : null;
}

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `shop_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

export async function executeNamed(executor: Executor, statement: SQL): Promise<{ rows: unknown[] }> {
  const client = pgClientOf(executor);
  if (!client) return (await executor.execute(statement)) as unknown as { rows: unknown[] };
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return client.query({ name: nameOf(text), text, values: params });
}

/**
 * A statement written once as text with `$1`…`$n` placeholders, run with `values`: nothing is built
 * per call (drizzle's statement building costs more CPU than the database spends on a small write).
 * For statements that run on every submission. On PGlite, the same text through drizzle.
 */
export async function executeText(executor: Executor, text: string, values: readonly unknown[]): Promise<{ rows: unknown[] }> {
  const client = pgClientOf(executor);
  if (client) return client.query({ name: nameOf(text), text, values: [...values] });
  const parts = text.split(/\$(\d+)/);
  const statement = sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.raw(''),
  );
  return (await executor.execute(statement)) as unknown as { rows: unknown[] };
}

/**
 * A statement built ONCE with named placeholders (`sql.placeholder('name')`) and run with their
 * values: neither the statement nor its text is built again per call, which on a read answered
 * many times a second costs more CPU than the database spends on it. Run as `executeText` does (a
 * named prepared statement on PostgreSQL).
 */
export function preparedStatement(build: () => SQL): (executor: Executor, values: Record<string, unknown>) => Promise<{ rows: unknown[] }> {
  let query: { sql: string; params: unknown[] } | null = null;
  return (executor, values) => {
    query ??= dialect.sqlToQuery(build());
    return executeText(executor, query.sql, fillPlaceholders(query.params, values));
  };
}
