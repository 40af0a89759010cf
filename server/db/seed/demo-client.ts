/** The demo client account (docs/demo-shop.md, Demo client): saved details and an online pass. */
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Executor } from '../client.ts';
import {
  clientFieldValues,
  clientGroups,
  clients,
  clientSubscriptions,
  coupons,
  customerGroups,
  passes,
  subscriptions as subscriptionRows,
} from '../schema/index.ts';
import { addDays } from './calendar-days.ts';
import { eq } from 'drizzle-orm';
import type { AudienceIds, CustomerFieldIds, SubscriptionIds } from './demo-keys.ts';
import { onlyRow } from './keyed-rows.ts';

export const DEMO_CLIENT = {
  email: 'demo@tidewater.example',
  password: 'tidewater-demo',
} as const;

/** The renewal link of the demo client's family membership: /renew/demo-family-renewal. */
export const DEMO_RENEWAL_HASH = 'demo-family-renewal';

const MEMBERS_GROUP_TEXTS = {
  en: { name: 'Members' },
  nl: { name: 'Leden' },
  es: { name: 'Socios' },
  de: { name: 'Mitglieder' },
  fr: { name: 'Membres' },
};

function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function seedDemoClient(
  db: Executor,
  { today, fields, subscriptions, audiences }: { today: string; fields: CustomerFieldIds; subscriptions: SubscriptionIds; audiences: AudienceIds },
): Promise<void> {
  // argon2id is the library's default algorithm.
  const passwordHash = await hash(DEMO_CLIENT.password);
  const client = onlyRow(
    await db
      .insert(clients)
      .values({
        email: DEMO_CLIENT.email,
        passwordHash,
        // Its address is published with the demo: confirmed, so the password works at once.
        emailConfirmedAt: new Date(),
        firstName: 'Dana',
        lastName: 'de Vries',
        address: 'Havenstraat 12',
        zipcode: '1011 AB',
        city: 'Amsterdam',
        token: randomToken(),
      })
      .returning({ id: clients.id }),
  );

  await db.insert(clientFieldValues).values([
    { clientId: client.id, fieldId: fields.phone, value: '+31 6 1234 5678' },
    { clientId: client.id, fieldId: fields.heard_about_us, value: 'friends' },
    { clientId: client.id, fieldId: fields.newsletter, value: true },
  ]);

  await db.insert(clientSubscriptions).values({
    clientId: client.id,
    subscriptionId: subscriptions['online-aquarium-pass'],
    token: randomToken(),
    hash: randomToken(),
    type: 'ONLINE',
    availableRedemptions: 8,
    renewable: true,
    expiresOn: addDays(today, 200),
  });

  // A family membership that expires soon: renewable at /renew/demo-family-renewal.
  const family = onlyRow(
    await db
      .insert(clientSubscriptions)
      .values({
        clientId: client.id,
        subscriptionId: subscriptions['family-membership'],
        token: randomToken(),
        hash: DEMO_RENEWAL_HASH,
        type: 'PHYSICAL',
        availableRedemptions: -1,
        renewable: true,
        expiresOn: addDays(today, 12),
      })
      .returning({ id: clientSubscriptions.id }),
  );
  await db.insert(passes).values([
    { clientSubscriptionId: family.id, audienceId: audiences.adult, holderName: 'Dana de Vries', birthday: '1986-04-12' },
    { clientSubscriptionId: family.id, audienceId: audiences.child, holderName: 'Sam de Vries', birthday: '2017-09-03' },
  ]);

  // Members: the customer group a family membership makes its client part of.
  const members = onlyRow(await db.insert(customerGroups).values({ texts: MEMBERS_GROUP_TEXTS }).returning({ id: customerGroups.id }));
  await db.update(subscriptionRows).set({ customerGroupId: members.id }).where(eq(subscriptionRows.id, subscriptions['family-membership']));
  await db.insert(clientGroups).values({ clientId: client.id, groupId: members.id });
  // What the group gives (docs/decisions/0016): a coupon kept for its members.
  await db.insert(coupons).values({ code: 'MEMBERS15', discountType: 'PERCENTAGE', value: 1500, customerGroupId: members.id });
}
