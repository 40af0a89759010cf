/**
 * The hold rules as SQL (server/db/hold-rules.ts, server/modules/checkout/checkout-lapse.ts),
 * evaluated by the database engine on a few bare rows: when a deadline has lapsed, the places a
 * slot has taken, and when a pending checkout is given up. Every query on places is built with
 * these, so their edges are pinned here once.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lapsed, live, placesTaken } from '../../../server/db/hold-rules.ts';
import { rowsOf } from '../../../server/db/raw-rows.ts';
import { checkoutLapsed } from '../../../server/modules/checkout/checkout-lapse.ts';

const AT = new Date('2026-03-04T08:15:00Z');
const after = (ms: number) => new Date(AT.getTime() + ms).toISOString();

let client: PGlite;
let db: ReturnType<typeof drizzle>;

async function value<T>(expression: SQL, from: SQL = sql``): Promise<T[]> {
  const result = await db.execute(sql`select ${expression} as "value" ${from}`);
  return rowsOf<{ value: T }>(result).map((row) => row.value);
}

beforeAll(async () => {
  client = new PGlite();
  db = drizzle({ client });
  await client.exec(`
    create table plots (id int primary key, sold int not null, held int not null);
    create table payments (id int primary key, expires_at timestamptz);
    create table orders (id int primary key, payment_id int not null);
    create table holds (id serial primary key, plot_id int not null, order_id int not null, quantity int not null, expires_at timestamptz not null,
      counted boolean not null default true);
    -- held: the places of each slot's counted holds, as the capacity guard keeps it.
    insert into plots values (1, 3, 14), (2, 0, 5), (3, 4, 0);
    -- 1: deadline passed, holds lapsed. 2: deadline passed, one hold still live. 3: deadline ahead.
    -- 4: no deadline, held places all lapsed. 5: no deadline, nothing held.
    insert into payments values (1, '${after(-1)}'), (2, '${after(0)}'), (3, '${after(1)}'), (4, null), (5, null);
    insert into orders values (10, 1), (11, 1), (20, 2), (30, 3), (40, 4), (41, 4), (50, 5);
    insert into holds (plot_id, order_id, quantity, expires_at) values
      (1, 10, 2, '${after(0)}'), (2, 11, 4, '${after(-60_000)}'),
      (1, 20, 5, '${after(1)}'),
      (1, 30, 7, '${after(1)}'),
      (2, 40, 1, '${after(-1)}');
    -- Lapsed and reclaimed (its places already left held): it counts nowhere.
    insert into holds (plot_id, order_id, quantity, expires_at, counted) values (2, 41, 3, '${after(-120_000)}', false);
  `);
});
afterAll(async () => {
  await client?.close();
});

describe('lapsed and live', () => {
  it('has a deadline lapsed at its very moment, and live until then', async () => {
    const at = (deadline: string) => sql`${deadline}::timestamptz`;
    expect(await value(lapsed(at(after(0)), AT))).toEqual([true]);
    expect(await value(lapsed(at(after(-1)), AT))).toEqual([true]);
    expect(await value(lapsed(at(after(1)), AT))).toEqual([false]);
    expect(await value(live(at(after(0)), AT))).toEqual([false]);
    expect(await value(live(at(after(1)), AT))).toEqual([true]);
  });
});

describe('placesTaken', () => {
  it('is sold plus the live holds of that slot only', async () => {
    // Plot 1: 3 sold, live holds of 5 and 7; the hold of 2 lapses at AT exactly. Plot 2: every hold lapsed. Plot 3: 4 sold, nothing held.
    expect(await value<number>(placesTaken('plots', AT), sql`from plots order by id`)).toEqual([15, 0, 4]);
    expect(await value<number>(placesTaken('plots', new Date(AT.getTime() - 1)), sql`from plots order by id`)).toEqual([17, 0, 4]);
    expect(await value<number>(placesTaken('plots', new Date(AT.getTime() + 1)), sql`from plots order by id`)).toEqual([3, 0, 4]);
  });

  it('reads the slot under any alias', async () => {
    expect(await value<number>(placesTaken('pl', AT), sql`from plots pl where pl.id = 1`)).toEqual([15]);
  });
});

describe('checkoutLapsed', () => {
  it('gives up a checkout whose deadline passed with no hold live, or one without a deadline whose held places all lapsed', async () => {
    expect(await value<boolean>(checkoutLapsed('payments', AT), sql`from payments order by id`)).toEqual([true, false, false, true, false]);
  });

  it('gives up the checkout with a live hold once that hold lapses too', async () => {
    expect(await value<boolean>(checkoutLapsed('payment', new Date(AT.getTime() + 1)), sql`from payments as payment where payment.id = 2`)).toEqual([true]);
  });
});
