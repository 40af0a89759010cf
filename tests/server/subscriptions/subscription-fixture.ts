/** Ids and helpers shared by the subscription tests: the demo shop's subscriptions, audiences, a slot of aquarium-entry. */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDays } from '#domain/plot-query.ts';
import { audiences, clients, clientSubscriptions, outbox, plots, products, subscriptions, upsells } from '../../../server/db/schema/index.ts';
import type { TestShop } from '../helpers/test-app.ts';

export const NOW = '2030-06-03T07:00:00Z';
export const TODAY = '2030-06-03';

export interface SubscriptionIds {
  family: number;
  online: number;
  aquarium: number;
  adult: number;
  child: number;
  senior: number;
  parking: number;
  plot: number;
}

/** `today`: the seed's today (a slot of aquarium-entry a week later, 10:00, is taken). */
export async function subscriptionIds(shop: TestShop, today = TODAY): Promise<SubscriptionIds> {
  const bySlug = async (slug: string) =>
    (await shop.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.slug, slug)))[0]?.id as number;
  const aquarium = (await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry')))[0]?.id as number;
  const audience = async (prefix: string) =>
    (await shop.db.select({ id: audiences.id, texts: audiences.texts }).from(audiences)).find((row) =>
      ((row.texts as Record<string, { name: string }>).en?.name ?? '').startsWith(prefix),
    )?.id as number;
  const parking = (await shop.db.select({ id: upsells.id, texts: upsells.texts }).from(upsells)).find((row) =>
    ((row.texts as Record<string, { title: string }>).en?.title ?? '').startsWith('Parking'),
  )?.id as number;
  const [plot] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, aquarium), eq(plots.date, addDays(today, 7)), eq(plots.startTime, '10:00:00')));
  return {
    family: await bySlug('family-membership'),
    online: await bySlug('online-aquarium-pass'),
    aquarium,
    adult: await audience('Adult'),
    child: await audience('Child'),
    senior: await audience('Senior'),
    parking,
    plot: plot?.id as number,
  };
}

export function cookieOf(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  return ((Array.isArray(raw) ? raw : [raw ?? '']).find((line) => line.startsWith('shop_session=')) ?? '').split(';')[0] ?? '';
}

export async function signIn(shop: TestShop, email = 'demo@tidewater.example', password = 'tidewater-demo'): Promise<string> {
  const response = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return cookieOf(response);
}

/** Follows the link of the last account mail to `email` (a purchase's account): the session cookie it starts. */
export async function signInByMailedLink(shop: TestShop, email: string): Promise<string> {
  const mails = await shop.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
  const token = mails
    .filter((mail) => mail.kind.startsWith('account-'))
    .at(-1)
    ?.text.match(/\/client\/login\?token=([\w%-]+)/)?.[1];
  expect(token, `an account mail to ${email}`).toBeTruthy();
  const response = await shop.app.inject({ method: 'POST', url: '/api/client', payload: { token: decodeURIComponent(token as string) } });
  expect(response.statusCode, response.body).toBe(200);
  return cookieOf(response);
}

export function refused(response: LightMyRequestResponse, code: string, status?: number) {
  expect(response.json().error, response.body).toBe(code);
  if (status) expect(response.statusCode).toBe(status);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
}

/** The demo client's ONLINE card (8 visits left in the seed). */
export async function demoOnlineCard(shop: TestShop) {
  const [row] = await shop.db
    .select({ card: clientSubscriptions })
    .from(clientSubscriptions)
    .innerJoin(clients, eq(clients.id, clientSubscriptions.clientId))
    .where(and(eq(clients.email, 'demo@tidewater.example'), eq(clientSubscriptions.type, 'ONLINE')));
  return row?.card as typeof clientSubscriptions.$inferSelect;
}

export async function redemptionsLeft(shop: TestShop, id: number): Promise<number> {
  const [row] = await shop.db.select({ left: clientSubscriptions.availableRedemptions }).from(clientSubscriptions).where(eq(clientSubscriptions.id, id));
  return row?.left as number;
}
