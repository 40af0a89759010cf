import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { testDatabaseUrl } from './helpers/test-app.ts';

// Runs in the server:postgres project only (*.postgres.test.ts).
if (!testDatabaseUrl()) throw new Error('needs SHOP_TEST_DATABASE_URL (the server:postgres project)');

/** The shared Database type leaves raw results untyped; node-postgres answers rows. */
type Rows<T> = { rows: T[] };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: testDatabaseUrl(), poolSize: 2 });
});
afterAll(async () => {
  await database.close();
});

describe('the PostgreSQL connection pool', () => {
  it('survives PostgreSQL ending its idle connections, and reconnects on the next query', async () => {
    const backend = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{ pid: number }>;
    const pid = backend.rows[0]?.pid;
    expect(pid).toBeTypeOf('number');
    // Another session ends the pooled (now idle) connection, as a restart or failover would.
    const other = await openDatabase({ databaseUrl: testDatabaseUrl(), poolSize: 1 });
    await other.db.execute(sql`select pg_terminate_backend(${pid})`);
    await other.close();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const result = (await database.db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>;
    expect(result.rows).toEqual([{ one: 1 }]);
  });
});
