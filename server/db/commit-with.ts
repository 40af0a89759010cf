/**
 * A transaction's last statements sent together with its COMMIT, in one round trip. A hot row they
 * lock (a slot's counters, which every order on that slot updates too) is then held only while
 * PostgreSQL runs them and commits, never for the trip back to this process and out again with the
 * COMMIT. Under load that trip is what the next order on the slot waits for: in `npm run bench:rush`
 * the paid holds' move to sold places waited 39 ms per call for the row, and each order's guarded
 * write 21 ms; sent with the COMMIT, 1.5 and 4–5 ms (docs/benchmarks.md).
 *
 * A query of several statements takes no parameters, so these statements hold integers only
 * (`integerStatement`), written into the text. They must be the transaction's LAST work: drizzle then
 * commits a new, empty transaction. On PGlite (one process, no trip), or inside a savepoint (the
 * outer transaction must not be committed here), they run as ordinary statements.
 */
import { sql, type SQL } from 'drizzle-orm';
import type * as Pg from 'pg';
import { lazyModule } from '../lazy-module.ts';
import type { Executor } from './client.ts';

const pg = lazyModule<typeof Pg>('pg');

type IntegerValue = number | readonly number[];

/** A statement whose values are integers (or arrays of integers): its text, and the same as a drizzle statement. */
export interface IntegerStatement {
  text: string;
  statement: SQL;
}

function literal(value: IntegerValue): string {
  const values = typeof value === 'number' ? [value] : value;
  for (const each of values) if (!Number.isSafeInteger(each)) throw new TypeError(`not an integer: ${String(each)}`);
  return typeof value === 'number' ? String(value) : `'{${value.join(',')}}'`;
}

/** `integerStatement\`update plots set sold = sold + ${n} where id = ${id}\``: throws unless every value is an integer. */
export function integerStatement(strings: TemplateStringsArray, ...values: IntegerValue[]): IntegerStatement {
  const text = strings.reduce((built, part, index) => built + part + (index < values.length ? literal(values[index] as IntegerValue) : ''), '');
  const statement = sql.join(
    strings.map((part, index) => {
      if (index >= values.length) return sql.raw(part);
      const value = values[index] as IntegerValue;
      return sql`${sql.raw(part)}${typeof value === 'number' ? value : `{${value.join(',')}}`}`;
    }),
    sql.raw(''),
  );
  return { text, statement };
}

/** The connection of a top-level node-postgres transaction; null on PGlite, outside a transaction or inside a savepoint. */
function topLevelConnection(executor: Executor): Pg.ClientBase | null {
  const transaction = executor as unknown as { nestedIndex?: number; session?: { client?: unknown } };
  if (transaction.nestedIndex !== 0) return null;
  const client = transaction.session?.client;
  return client instanceof pg().Client ? client : null;
}

/** Runs `statements` in order as the transaction's last work and, where it can, commits with them (see above). */
export async function commitWith(executor: Executor, statements: readonly IntegerStatement[]): Promise<void> {
  if (statements.length === 0) return;
  const connection = topLevelConnection(executor);
  if (!connection) {
    for (const { statement } of statements) await executor.execute(statement);
    return;
  }
  // The COMMIT ends the work; the BEGIN opens the empty transaction that drizzle's own COMMIT closes.
  await connection.query(`${statements.map(({ text }) => text).join(';\n')};\ncommit;\nbegin`);
}
