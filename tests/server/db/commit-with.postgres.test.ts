/**
 * A transaction's last statements sent with its COMMIT (server/db/commit-with.ts; server:postgres only):
 * the row they lock is free for another connection as soon as they are sent, before the transaction's
 * code returns; inside a savepoint they commit nothing; only integers go into them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client.ts';
import { commitWith, integerStatement } from '../../../server/db/commit-with.ts';
import { testDatabaseUrl } from '../helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('commit-with needs SHOP_TEST_DATABASE_URL (the server:postgres project)');

let database: DatabaseHandle;
const counter = async () =>
  ((await database.db.execute(sql`select taken from commit_with_counter where id = 1`)) as unknown as { rows: { taken: number }[] }).rows[0]?.taken;
/** Another connection's update of the same row, which gives up after 500 ms of waiting for its lock. */
const otherConnectionTakes = () =>
  database.db.transaction(async (other) => {
    await other.execute(sql`set local lock_timeout = 500`);
    await other.execute(sql`update commit_with_counter set taken = taken + 100 where id = 1`);
  });

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: testDatabaseUrl(), poolSize: 3 });
  await database.db.execute(sql`create table if not exists commit_with_counter (id int primary key, taken int not null)`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table if exists commit_with_counter`);
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from commit_with_counter`);
  await database.db.execute(sql`insert into commit_with_counter (id, taken) values (1, 0), (2, 0)`);
});

describe('commitWith', () => {
  it('commits with the statements: the row is free for another connection before the transaction returns', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update commit_with_counter set taken = taken + 1 where id = 2`);
      await commitWith(tx, [
        integerStatement`update commit_with_counter set taken = taken + ${2} where id = ${1}`,
        integerStatement`update commit_with_counter set taken = taken + ${3} where id = any(${[1]}::int[])`,
      ]);
      // Still inside the transaction's code: without the COMMIT sent along, this would wait for the lock and give up.
      await otherConnectionTakes();
    });
    expect(await counter()).toBe(105);
  });

  it('as an ordinary statement, the row stays locked until the transaction commits (what the above avoids)', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(integerStatement`update commit_with_counter set taken = taken + ${2} where id = ${1}`.statement);
        await otherConnectionTakes();
      }),
    ).rejects.toMatchObject({ cause: { code: '55P03' } }); // lock_not_available: it gave up waiting
    expect(await counter()).toBe(0);
  });

  it('inside a savepoint commits nothing: the outer transaction can still undo it', async () => {
    class Undo extends Error {}
    await expect(
      database.db.transaction(async (tx) => {
        await tx.transaction(async (savepoint) => {
          await commitWith(savepoint, [integerStatement`update commit_with_counter set taken = taken + ${7} where id = ${1}`]);
        });
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(await counter()).toBe(0);
  });

  it('takes integers only', () => {
    expect(() => integerStatement`select ${1.5}`).toThrow(TypeError);
    expect(() => integerStatement`select ${[1, Number.NaN]}::int[]`).toThrow(TypeError);
    expect(() => integerStatement`select ${'1; drop table plots' as unknown as number}`).toThrow(TypeError);
    expect(integerStatement`select ${[3, 4]}::int[], ${-5}`.text).toBe("select '{3,4}'::int[], -5");
  });
});
