/**
 * The renewal reminder: a mail (through the outbox) a configurable number of days
 * (SUBSCRIPTION_REMINDER_DAYS) before a renewable client subscription expires, sent once — the row
 * is claimed with `reminder_sent_at` in the same transaction as the mail, and rows another process
 * is claiming are skipped. A renewal clears the mark, so the next expiry is reminded again.
 */
import { and, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import { translate } from '#domain/languages.ts';
import { addDays } from '#domain/plot-query.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { audiences, clients, clientSubscriptions, orders, passes, subscriptions } from '../../db/schema/index.ts';
import { shopMoment } from '../../shop-time.ts';
import { enqueueSubscriptionMail } from '../mail/index.ts';
import { findOrganisation, defaultLanguageOf } from '../organisation/index.ts';

const BATCH_SIZE = 50;
const DEFAULT_INTERVAL_MS = 15 * 60_000;

export interface ReminderOptions {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** Days before the expiry day. */
  days: number;
}

/** Writes up to one batch of due reminders; answers how many. */
export async function sendExpiryReminders({ db, clock, publicUrl, days }: ReminderOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const organisation = await findOrganisation(tx);
    const fallback = defaultLanguageOf(organisation);
    const today = shopMoment(clock.now(), organisation?.timezone ?? 'Europe/Amsterdam').date;
    const due = await tx
      .select({ card: clientSubscriptions, client: clients, subscription: subscriptions })
      .from(clientSubscriptions)
      .innerJoin(clients, eq(clients.id, clientSubscriptions.clientId))
      .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
      .where(
        and(
          eq(clientSubscriptions.renewable, true),
          isNull(clientSubscriptions.reminderSentAt),
          gte(clientSubscriptions.expiresOn, today),
          lte(clientSubscriptions.expiresOn, addDays(today, days)),
        ),
      )
      .limit(BATCH_SIZE)
      .for('update', { of: clientSubscriptions, skipLocked: true });
    for (const { card, client, subscription } of due) {
      const [last] = await tx
        .select({ language: orders.language })
        .from(orders)
        .where(eq(orders.clientSubscriptionId, card.id))
        .orderBy(desc(orders.id))
        .limit(1);
      const language = last?.language ?? fallback;
      const holders = await tx
        .select({ name: passes.holderName, audience: audiences.texts })
        .from(passes)
        .innerJoin(audiences, eq(audiences.id, passes.audienceId))
        .where(eq(passes.clientSubscriptionId, card.id));
      await enqueueSubscriptionMail(tx, {
        kind: 'reminder',
        language,
        recipient: client.email,
        name: `${client.firstName} ${client.lastName}`.trim(),
        shopName: (organisation && translate(organisation.texts, language, fallback).name) || '',
        title: translate(subscription.texts, language, fallback).title ?? '',
        passes: card.type === 'PHYSICAL' ? holders.map((holder) => `${translate(holder.audience, language, fallback).name ?? ''}: ${holder.name}`) : [],
        expiration: card.expiresOn,
        renewLink: `${publicUrl}/renew/${card.hash}`,
      });
      await tx.update(clientSubscriptions).set({ reminderSentAt: clock.now() }).where(eq(clientSubscriptions.id, card.id));
    }
    return due.length;
  });
}

export function startExpiryReminders(
  options: Omit<ReminderOptions, 'clock'> & { clock?: Clock; logger: { error(object: object, message?: string): void }; intervalMs?: number },
) {
  const clock = options.clock ?? systemClock;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => sendExpiryReminders({ ...options, clock }))
      .catch((error: unknown) => options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'subscription reminders failed'));
  }, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
