/**
 * Editing an audience through the back-office API (PUT /catalogue/audiences/:id): texts cleaned like a
 * new one's, the audit row with before and after, a missing default-language name refused with nothing
 * written, an unknown id 404, and a box-office session refused.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiences, staffAuditLog } from '../../server/db/schema/index.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;
let owner: StaffSession;

beforeAll(async () => {
  shop = await createTestShop({ now: '2030-03-01T09:00:00Z' });
  owner = await staffSession(shop.app, 'owner');
});

afterAll(async () => {
  await shop.close();
});

const put = (id: number | string, payload: object, session: StaffSession = owner) =>
  shop.app.inject({ method: 'PUT', url: `/api/backoffice/catalogue/audiences/${id}`, headers: session.headers, payload });

describe('PUT /api/backoffice/catalogue/audiences/:id', () => {
  it('saves the texts, group and order, and audits the change', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/backoffice/catalogue/audiences',
      headers: owner.headers,
      payload: { texts: { en: { name: 'Student' } } },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ id: number }>().id;

    const saved = await put(id, {
      group: 'Education',
      sort: 4,
      texts: { en: { name: ' Student ', description: '<p>With a card</p><script>x()</script>' }, nl: { name: 'Student' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      id,
      group: 'Education',
      sort: 4,
      texts: { en: { name: 'Student', description: '<p>With a card</p>' }, nl: { name: 'Student' } },
    });
    const [audit] = await shop.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'audience.update'), eq(staffAuditLog.entityId, String(id))))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(audit?.before).toMatchObject({ group: null, texts: { en: { name: 'Student' } } });
    expect(audit?.after).toMatchObject({ group: 'Education', sort: 4 });
  });

  it('refuses a missing default-language name, an unknown id and a box-office account, changing nothing', async () => {
    const [adult] = await shop.db.select().from(audiences).orderBy(audiences.id).limit(1);
    const refused = await put(adult!.id, { texts: { nl: { name: 'Volwassene' } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { 'texts.en.name': 'default_language_missing' } });
    const [after] = await shop.db.select().from(audiences).where(eq(audiences.id, adult!.id));
    expect(after).toEqual(adult);

    expect((await put(999_999, { texts: { en: { name: 'Nobody' } } })).statusCode).toBe(404);
    const boxOffice = await staffSession(shop.app, 'box_office');
    const forbidden = await put(adult!.id, { texts: { en: { name: 'Adult' } } }, boxOffice);
    expect(forbidden.statusCode).toBe(403);
  });
});
