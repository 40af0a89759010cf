/**
 * Every answer of the back office's API (/api/backoffice/...) is `Cache-Control: private, no-store`:
 * staff data, refusals and downloads alike never sit in a shared or a browser cache. Every operation the
 * OpenAPI document lists under /api/backoffice is called: the reads as the owner, the writes without a
 * session; and an unknown path under the prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let owner: StaffSession;
let operations: Array<{ method: string; path: string }>;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  owner = await staffSession(shop.app, 'owner');
  const document = (await shop.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/backoffice'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })));
});

afterAll(async () => {
  await shop?.close();
});

describe('Cache-Control of the back office API', () => {
  it('is private, no-store on every read the owner makes, whatever it answers', async () => {
    const reads = operations.filter((operation) => operation.method === 'GET');
    expect(reads.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { path } of reads) {
      const response = await shop.app.inject({ method: 'GET', url: path, headers: owner.headers });
      if (response.headers['cache-control'] !== 'private, no-store')
        missing.push(`${path} ${response.statusCode} ${String(response.headers['cache-control'])}`);
    }
    expect(missing).toEqual([]);
  });

  it('is private, no-store on the refusals of writes without a session', async () => {
    const writes = operations.filter((operation) => operation.method !== 'GET');
    expect(writes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { method, path } of writes) {
      const response = await shop.app.inject({ method: method as 'POST', url: path, payload: {} });
      if (response.headers['cache-control'] !== 'private, no-store')
        missing.push(`${method} ${path} ${response.statusCode} ${String(response.headers['cache-control'])}`);
    }
    expect(missing).toEqual([]);
  });

  it('is private, no-store on an unknown path under the prefix', async () => {
    const response = await shop.app.inject({ url: '/api/backoffice/no-such-thing', headers: owner.headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});
