/**
 * The first owner without the command line: while no owner can sign in, start-up (server/main.ts) logs a
 * one-time set-password link (firstOwnerSetupLink); the link sets the password through the real API, the
 * owner signs in, and from then on start-up prints nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts } from '../../server/db/schema/index.ts';
import { firstOwnerSetupLink } from '../../server/modules/staff/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let empty: TestShop;

beforeAll(async () => {
  empty = await createTestShop({ now: '2030-03-01T09:00:00Z', seedDemo: false });
});

afterAll(async () => {
  await empty.close();
});

const setup = (shop: TestShop, email = 'founder@zoo.example') =>
  firstOwnerSetupLink({ db: shop.db, staff: shop.app.services.staff, email, publicUrl: 'https://shop.example' });

describe('the first owner setup link', () => {
  it('makes one owner account and a link to the back office’s public set-password page; the link works once', async () => {
    const first = await setup(empty);
    expect(first).toMatchObject({ email: 'founder@zoo.example', link: expect.stringMatching(/^https:\/\/shop\.example\/backoffice\/set-password#.+/) });
    // A restart before the password is set: a new link for the same account, no second owner.
    const again = await setup(empty, 'someone-else@zoo.example');
    expect(again?.email).toBe('founder@zoo.example');
    expect(await empty.db.select().from(staffAccounts)).toHaveLength(1);

    const token = again!.link.split('#')[1];
    const set = await empty.app.inject({ method: 'POST', url: '/api/backoffice/password', payload: { token, password: 'a-long-enough-password' } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ staff: { email: 'founder@zoo.example', role: 'owner' } });
    const reuse = await empty.app.inject({ method: 'POST', url: '/api/backoffice/password', payload: { token, password: 'another-long-password' } });
    expect(reuse.json()).toMatchObject({ error: 'INVALID_TOKEN' });

    const signIn = await empty.app.inject({
      method: 'POST',
      url: '/api/backoffice/session',
      payload: { email: 'founder@zoo.example', password: 'a-long-enough-password' },
    });
    expect(signIn.statusCode).toBe(200);
    // An owner can sign in now: start-up prints nothing more.
    expect(await setup(empty)).toBeNull();
  });

  it('prints a new link while the only owner is disabled, for a new account', async () => {
    await empty.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.email, 'founder@zoo.example'));
    const link = await setup(empty, 'second@zoo.example');
    expect(link?.email).toBe('second@zoo.example');
    await expect(setup(empty, 'founder@zoo.example')).resolves.toMatchObject({ email: 'second@zoo.example' });
  });
});
