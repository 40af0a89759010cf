/**
 * Every date parameter of a query string is a real calendar day (src/domain/calendar-date.ts): a day
 * that does not exist (2026-02-30) or a year 0 is `400 VALIDATION_FAILED` naming the parameter, never a
 * database error (the desk's order search answered 500). Staff routes as the owner, the storefront's as anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

let shop: TestShop;
let owner: StaffSession;

beforeAll(async () => {
  shop = await createTestShop({ now: '2026-02-10T09:00:00Z' });
  owner = await staffSession(shop.app, 'owner');
});

afterAll(async () => {
  await shop?.close();
});

const STAFF_URLS: Array<[string, string]> = [
  ['/api/backoffice/orders?date_from=2026-02-30', 'date_from'],
  ['/api/backoffice/orders?date_to=2026-02-30', 'date_to'],
  ['/api/backoffice/orders?date_from=0000-01-01', 'date_from'],
  ['/api/backoffice/reports?from=2026-02-30&to=2026-03-10', 'from'],
  ['/api/backoffice/reports?from=2026-02-01&to=2026-04-31', 'to'],
  ['/api/backoffice/reports/orders.csv?from=2026-02-30', 'from'],
  ['/api/backoffice/day-list?date=2026-02-30', 'date'],
  ['/api/backoffice/day-list.csv?date=2026-02-30', 'date'],
  ['/api/backoffice/gate/day?date=2026-02-30', 'date'],
  ['/api/backoffice/gate/lookup?q=Lee&date=2026-02-30', 'date'],
  ['/api/backoffice/audit?from=2026-02-30', 'from'],
  ['/api/backoffice/products/1/slots?from=2026-02-30&until=2026-03-10', 'from'],
];

describe('a date that does not exist', () => {
  it.each(STAFF_URLS)('%s → 400 VALIDATION_FAILED (%s)', async (url, field) => {
    const response = await shop.app.inject({ url, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ error: string; fields?: Record<string, string> }>();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields ?? {})).toContain(field);
  });

  it.each([
    ['/api/plots?filterFrom=2026-02-30', 'filterFrom'],
    ['/api/products/1/plots?filterUntil=2026-02-29', 'filterUntil'],
  ])('%s → 400 VALIDATION_FAILED (%s)', async (url, field) => {
    const response = await shop.app.inject({ url });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ error: string; fields?: Record<string, string> }>()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { [field]: 'date' } });
  });

  it('a real day is searched as before', async () => {
    const response = await shop.app.inject({ url: '/api/backoffice/orders?date_from=2024-02-29&date_to=2026-02-28', headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
  });
});
