/** The demo client account (docs/demo-shop.md, Demo client): saved details and an online pass. */
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Executor } from '../client.ts';
import { clientFieldValues, clients, clientSubscriptions } from '../schema/index.ts';
import { addDays } from './calendar-days.ts';
import type { CustomerFieldIds, SubscriptionIds } from './demo-keys.ts';
import { onlyRow } from './keyed-rows.ts';

export const DEMO_CLIENT = {
  email: 'demo@tidewater.example',
  password: 'tidewater-demo',
} as const;

function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function seedDemoClient(
  db: Executor,
  { today, fields, subscriptions }: { today: string; fields: CustomerFieldIds; subscriptions: SubscriptionIds },
): Promise<void> {
  // argon2id is the library's default algorithm.
  const passwordHash = await hash(DEMO_CLIENT.password);
  const client = onlyRow(
    await db
      .insert(clients)
      .values({
        email: DEMO_CLIENT.email,
        passwordHash,
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
}
