/**
 * One order change: a placed order changes only through the change object of
 * server/modules/checkout/order-change.ts. The rows a change writes — a refund (`payment_refunds`),
 * an entry of the order's history (`order_history`) — are written by checkout.repo.ts alone, and the
 * repository's change writers and the booking's places (booking-places.ts) are called by the order
 * change alone. A refund queued, a history entry written or a placed order repriced any other way
 * fails here (tests/lint/order-writes.test.ts keeps payments, orders and their lines to the repository).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const REPOSITORY = 'server/modules/checkout/checkout.repo.ts';
const THE_CHANGE = 'server/modules/checkout/order-change.ts';

/** A drizzle insert, update or delete on the tables only a change writes, or the raw SQL of one. */
const CHANGE_ROW_WRITE =
  /\.(?:insert|update|delete)\(\s*(paymentRefunds|orderHistory)\s*\)|(?:insert\s+into|\bupdate|delete\s+from)\s+(payment_refunds|order_history)\b/gi;

/** What only the order change may call: the repository's writes of a placed order and the booking's places. */
const CHANGE_STEPS = [
  'writeOrderPrices',
  'setOrderCustomer',
  'replaceOrderLines',
  'changePaymentAmount',
  'setPaymentExpiry',
  'markInvoicePaid',
  'setOrdersStatus',
  'setPaymentStatus',
  'setCheckoutStatusAnswering',
  'cancelMovedOrder',
  'queueRefund',
  'recordProviderRefund',
  'insertHistory',
  'releaseBooking',
  'moveBooking',
];

/** The change steps a source text imports (by name, from any module). */
function stepsImportedIn(text: string): string[] {
  const imports = [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[^']+'/g)].flatMap((match) =>
    (match[1] ?? '').split(',').map(
      (name) =>
        name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0] ?? '',
    ),
  );
  return CHANGE_STEPS.filter((step) => imports.includes(step));
}

function tablesWrittenIn(text: string): string[] {
  return [...text.matchAll(CHANGE_ROW_WRITE)].map((match) => (match[1] ?? match[2] ?? '').toLowerCase());
}

async function serverSources(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = `${dir}/${entry.name}`;
      // The migrations create the tables; they change no order.
      if (entry.isDirectory()) return relative === 'server/db/migrations' ? [] : serverSources(relative);
      return /\.(ts|js|mjs)$/.test(entry.name) ? [relative] : [];
    }),
  );
  return nested.flat();
}

describe('one order change', () => {
  it('the scanners find what they look for', () => {
    expect(tablesWrittenIn('await tx.insert(paymentRefunds).values(row)')).toEqual(['paymentrefunds']);
    expect(tablesWrittenIn('await db\n  .insert( orderHistory )\n  .values(rows)')).toEqual(['orderhistory']);
    expect(tablesWrittenIn('sql`insert into payment_refunds (payment_id) values (1)`')).toEqual(['payment_refunds']);
    expect(tablesWrittenIn('sql`update payment_refunds set status = 1`')).toEqual(['payment_refunds']);
    expect(tablesWrittenIn('db.select().from(paymentRefunds); sql`select 1 from order_history`')).toEqual([]);
    expect(stepsImportedIn("import { writeOrderPrices, ordersByIds } from './checkout.repo.ts';")).toEqual(['writeOrderPrices']);
    expect(stepsImportedIn("import {\n  type Foo,\n  queueRefund as queue,\n} from './checkout.repo.ts';")).toEqual(['queueRefund']);
    expect(stepsImportedIn("import { lockOrderByHash } from './order-move.ts';")).toEqual([]);
  });

  it(`refunds and history entries are written in ${REPOSITORY} only`, async () => {
    const writers: string[] = [];
    for (const file of await serverSources('server')) {
      if (tablesWrittenIn(await readFile(path.join(root, file), 'utf8')).length > 0) writers.push(file);
    }
    // The refund worker carries out the refunds the change queued: it marks them done or failed, never queues one.
    expect(writers.sort()).toEqual([REPOSITORY, 'server/modules/checkout/refund-worker.ts'].sort());
    const worker = await readFile(path.join(root, 'server/modules/checkout/refund-worker.ts'), 'utf8');
    expect(worker).not.toMatch(/\.insert\(\s*paymentRefunds\s*\)|insert\s+into\s+payment_refunds/i);
  });

  it(`the steps of a change are called by ${THE_CHANGE} only`, async () => {
    const callers: Record<string, string[]> = {};
    for (const file of await serverSources('server')) {
      const steps = stepsImportedIn(await readFile(path.join(root, file), 'utf8'));
      if (steps.length > 0) callers[file] = steps;
    }
    expect(Object.keys(callers)).toEqual([THE_CHANGE]);
  });
});
