/**
 * The restore drill (docs/operations.md#the-restore-drill), on the engine the suite runs on (PGlite, and
 * PostgreSQL when DATABASE_URL is set: vitest.config.ts onBothEngines): a shop with paid orders, e-tickets,
 * gift cards bought and spent, and a catalogue image is backed up while it runs; more happens; the backup
 * is restored into a new data directory / database, the shop is started on it, and it holds exactly what
 * was backed up — orders, tickets, gift-card balances, every sequence's value, the image — and takes a
 * new order without a clash.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoucherOrderResponse } from '#domain/contracts/vouchers.ts';
import { buildApp } from '../../server/app.ts';
import { fixedClock } from '../../server/clock.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client.ts';
import { isPrepared, prepareDatabase } from '../../server/db/prepare.ts';
import { rowsOf } from '../../server/db/raw-rows.ts';
import { giftCards, orders, products, tickets, voucherValues, vouchers } from '../../server/db/schema/index.ts';
import { makeBackup, restoreBackup, type BackupResult } from '../../server/modules/backup/index.ts';
import { customerWith } from './helpers/customers.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from './helpers/test-app.ts';
import { databaseName, databaseUrl, onAdminDatabase } from './helpers/test-databases.ts';
import { placeTourOrder, tourPlot } from './helpers/tour-slot.ts';

const NOW = '2030-06-03T07:00:00Z';
const key = new Uint8Array(randomBytes(32));
const IMAGE = `${'ab12'.repeat(8)}-640.webp`;

let shop: TestShop;
let work: string;
let backup: BackupResult;
/** What the shop held when it was backed up. */
let before: Awaited<ReturnType<typeof shopState>>;
let afterBackupOrder: string;
let restored: { database: DatabaseHandle; app: FastifyInstance; cleanUp(): Promise<void> };

/** Every order, ticket, gift-card balance and sequence value, in a fixed order. */
async function shopState(db: Database) {
  return {
    orders: await db
      .select({ id: orders.id, number: orders.number, hash: orders.hash, status: orders.status, total: orders.totalCents })
      .from(orders)
      .orderBy(orders.id),
    tickets: await db.select().from(tickets).orderBy(tickets.id),
    giftCards: await db.select({ code: giftCards.code, credit: giftCards.creditCents }).from(giftCards).orderBy(giftCards.code),
    sequences: rowsOf<{ name: string; value: string | null }>(
      await db.execute(sql`select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences order by 1`),
    ),
  };
}

async function buyGiftCard(app: FastifyInstance, db: Database, email: string) {
  const [voucher] = await db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.slug, 'gift-voucher'));
  const [value] = await db
    .select({ id: voucherValues.id })
    .from(voucherValues)
    .where(eq(voucherValues.voucherId, voucher?.id as number));
  const answer = await app.inject({
    method: 'POST',
    url: '/api/vouchers',
    payload: {
      customer: customerWith(email),
      voucher: { id: voucher?.id },
      values: { [String(value?.id)]: { id: value?.id, quantity: 1 } },
      language: 'en',
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const hash = answer.json<VoucherOrderResponse>().response.payment?.hash;
  expect((await app.inject({ method: 'POST', url: `/api/test-gateway/${hash}/pay` })).statusCode).toBe(303);
}

/** A guidebook paid (partly) with a gift card: the card's balance goes down. */
async function spendGiftCard(app: FastifyInstance, db: Database, code: string) {
  const [guidebook] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook'));
  const answer = await app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: customerWith('spender@example.test'), coupon: [code], orders: [{ product: { id: guidebook?.id, quantity: 1 } }] },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A new, empty target on the suite's engine, and how to open it. */
async function emptyTarget(): Promise<{ target: Parameters<typeof restoreBackup>[0]['target']; open(): Promise<DatabaseHandle>; drop(): Promise<void> }> {
  const mediaDir = join(work, 'restored-media');
  const fileUrl = testDatabaseUrl();
  if (!fileUrl) {
    const dataDir = join(work, 'restored-data');
    return { target: { kind: 'pglite', dataDir, mediaDir }, open: () => openDatabase({ dataDir }), drop: async () => undefined };
  }
  const adminUrl = process.env.SHOP_TEST_ADMIN_DATABASE_URL as string;
  const name = `${databaseName(fileUrl)}_restored`;
  await onAdminDatabase(adminUrl, async (admin) => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  });
  const url = databaseUrl(fileUrl, name);
  return {
    target: { kind: 'postgres', databaseUrl: url, mediaDir },
    open: () => openDatabase({ databaseUrl: url, poolSize: 3 }),
    drop: () => onAdminDatabase(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'backup-drill-'));
  const mediaDir = join(work, 'media');
  await mkdir(mediaDir);
  await writeFile(join(mediaDir, IMAGE), 'an uploaded image');
  shop = await createTestShop({ now: NOW, config: { mediaDir } });

  // The shop's day: tours paid (e-tickets issued), a gift card bought and one spent.
  const tour = await tourPlot(
    shop.db,
    (await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes')))[0]!.id,
    '2030-06-10',
  );
  await placeTourOrder(shop, { email: 'first@example.test', plot: tour, quantity: 2 });
  await placeTourOrder(shop, { email: 'second@example.test', plot: tour, quantity: 1 });
  await buyGiftCard(shop.app, shop.db, 'giver@example.test');
  await spendGiftCard(shop.app, shop.db, 'GIFT-DEMO-2500');

  before = await shopState(shop.db);
  backup = await makeBackup({
    source: { database: shop.database, databaseUrl: testDatabaseUrl(), dataDir: 'memory://', mediaDir },
    settings: { ...shop.config.backup, key, dir: join(work, 'backups'), s3: null },
    clock: shop.clock,
  });

  // Life goes on after the backup: none of this may come back.
  afterBackupOrder = (await placeTourOrder(shop, { email: 'later@example.test', plot: tour, quantity: 1 })).hash;
  await spendGiftCard(shop.app, shop.db, 'GIFT-DEMO-FOREVER');
  await buyGiftCard(shop.app, shop.db, 'later-giver@example.test');

  const { target, open, drop } = await emptyTarget();
  await restoreBackup({ file: join(work, 'backups', backup.name), key, target, settings: shop.config.backup });
  // Started as main.ts starts a shop: migrations newer than the backup applied, then served.
  const database = await open();
  if (!(await isPrepared(database, { seedDemo: false }))) await prepareDatabase(database, { seedDemo: false });
  const app = await buildApp({ db: database.db, config: { ...shop.config, mediaDir: target.mediaDir }, clock: fixedClock(NOW) });
  await app.ready();
  restored = {
    database,
    app,
    async cleanUp() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}, 240_000);

afterAll(async () => {
  await restored?.cleanUp();
  await shop?.close();
  await rm(work, { recursive: true, force: true });
});

describe('the restore drill', { timeout: 60_000 }, () => {
  it('backed up a shop that has what the drill checks', () => {
    expect(backup.name).toMatch(/^shop-(pglite|postgres)-2030-06-03T07-00-00-000Z\.backup$/);
    expect(before.orders.length).toBeGreaterThanOrEqual(4);
    expect(before.tickets.length).toBeGreaterThanOrEqual(3);
    expect(before.giftCards.find((card) => card.code === 'GIFT-DEMO-2500')?.credit).toBeLessThan(2500);
    expect(before.sequences.length).toBeGreaterThan(10);
  });

  it('restores exactly the orders, tickets, gift-card balances and sequence values that were backed up', async () => {
    const after = await shopState(restored.database.db);
    expect(after.orders).toEqual(before.orders);
    expect(after.tickets).toEqual(before.tickets);
    expect(after.giftCards).toEqual(before.giftCards);
    expect(after.sequences).toEqual(before.sequences);
    // What happened after the backup is not there, and the live shop did move on.
    expect(after.orders.some((order) => order.hash === afterBackupOrder)).toBe(false);
    expect((await shopState(shop.db)).orders.length).toBeGreaterThan(before.orders.length);
  });

  it('serves the backed-up orders and images from the restored shop', async () => {
    const paid = before.orders.find((order) => order.status === 'PAID');
    const status = await restored.app.inject({ method: 'GET', url: `/api/orders/${paid?.hash}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ status: 'PAID' });
    expect((await restored.app.inject({ method: 'GET', url: `/api/orders/${afterBackupOrder}` })).statusCode).toBe(404);
    expect(await readdir(join(work, 'restored-media'))).toEqual([IMAGE]);
    expect(await readFile(join(work, 'restored-media', IMAGE), 'utf8')).toBe('an uploaded image');
  });

  it('takes new orders on the restored shop without a clash of ids, numbers or codes', async () => {
    const app = restored.app;
    const db = restored.database.db;
    const tour = (await db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes')))[0]!.id;
    const plot = await tourPlot(db, tour, '2030-06-10');
    const order = await placeTourOrder({ app, db } as TestShop, { email: 'after-restore@example.test', plot, quantity: 2 });
    await buyGiftCard(app, db, 'after-restore-giver@example.test');
    const lastOrderId = Math.max(...before.orders.map((row) => row.id));
    expect(order.id).toBe(lastOrderId + 1);
    const now = await shopState(db);
    expect(now.orders).toHaveLength(before.orders.length + 2);
    expect(new Set(now.orders.map((row) => row.number)).size).toBe(now.orders.length);
    expect(now.tickets.length).toBe(before.tickets.length + 2);
    expect(new Set(now.tickets.map((row) => row.id)).size).toBe(now.tickets.length);
    expect(now.giftCards.length).toBe(before.giftCards.length + 1);
  });
});
