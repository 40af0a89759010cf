/** A database that went away, or cannot be reached at all: 503 DATABASE_UNAVAILABLE, never a 500. */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { freePort } from '../helpers/api-processes.ts';
import { customer } from '../helpers/customers.ts';
import { createTestShop } from '../helpers/test-app.ts';

const UNAVAILABLE = { ok: false, error: 'DATABASE_UNAVAILABLE', message: 'The database cannot be reached; please try again' };

describe('requests while the database is gone', () => {
  it('answers 503 DATABASE_UNAVAILABLE with a retry hint once the database has closed', async () => {
    const shop = await createTestShop({ seedDemo: false });
    try {
      expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await shop.database.close();
      const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual(UNAVAILABLE);
    } finally {
      await shop.app.close();
    }
  });

  it('answers 503 when no connection to PostgreSQL can be made (refused at connect)', async () => {
    // A port nothing listens on: every connection attempt is refused.
    const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/shop`, poolSize: 2 });
    const app = await buildApp({ db: database.db, config: { ...loadConfig({}), staticDir: null } });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect({ status: health.statusCode, body: health.json() }).toEqual({ status: 503, body: UNAVAILABLE });
      const order = await app.inject({ method: 'POST', url: '/api/orders', payload: { customer, orders: [{ product: { id: 1, plot: null, quantity: 1 } }] } });
      expect({ status: order.statusCode, body: order.json() }).toEqual({ status: 503, body: UNAVAILABLE });
      // A transaction takes its connection with pool.connect(): refused there too.
      const refused = await database.db.transaction(async () => 'never').catch((error: unknown) => error);
      expect((refused as Error).name).toBe('DatabaseUnavailableError');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
