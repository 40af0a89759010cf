/** The embedded database going away under a running app: 503 DATABASE_UNAVAILABLE, never a 500. */
import { describe, expect, it } from 'vitest';
import { createTestShop } from '../helpers/test-app.ts';

describe('requests while the database is gone', () => {
  it('answers 503 DATABASE_UNAVAILABLE with a retry hint', async () => {
    const shop = await createTestShop({ seedDemo: false });
    try {
      expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await shop.database.close();
      const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ ok: false, error: 'DATABASE_UNAVAILABLE', message: 'The database cannot be reached; please try again' });
    } finally {
      await shop.app.close();
    }
  });
});
