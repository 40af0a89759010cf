/** The renewal reminder: written to the outbox SUBSCRIPTION_REMINDER_DAYS before expiry, once, in the shopper's language; again after a renewal. */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/plot-query.ts';
import { clientSubscriptions, outbox } from '../../../server/db/schema/index.ts';
import { sendExpiryReminders } from '../../../server/modules/subscriptions/expiry-reminders.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { NOW, TODAY } from './subscription-fixture.ts';

let shop: TestShop;
const remind = (days: number) => sendExpiryReminders({ db: shop.db, clock: shop.clock, publicUrl: 'https://shop.example', days });
const reminders = () => shop.db.select().from(outbox).where(like(outbox.kind, 'subscription-reminder'));

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
});
afterAll(async () => shop?.close());

describe('subscription reminders', () => {
  it('reminds only passes expiring within the window, once', async () => {
    // The demo family membership expires in 12 days, the ONLINE card in 200.
    expect(await remind(7)).toBe(0);
    expect(await remind(14)).toBe(1);
    expect(await remind(14)).toBe(0);
    const [mail] = await reminders();
    expect(mail).toMatchObject({ recipient: 'demo@tidewater.example', subject: 'Your subscription expires soon — Tidewater Zoo & Aquarium' });
    expect(mail?.text).toContain('https://shop.example/renew/demo-family-renewal');
    expect(mail?.text).toContain('Sam de Vries');
  });

  it('reminds again after a renewal cleared the mark', async () => {
    await shop.db
      .update(clientSubscriptions)
      .set({ reminderSentAt: null, expiresOn: addDays(TODAY, 3) })
      .where(eq(clientSubscriptions.hash, 'demo-family-renewal'));
    expect(await remind(14)).toBe(1);
    expect(await reminders()).toHaveLength(2);
  });
});
