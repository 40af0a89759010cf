/**
 * A client's passes for the back office (issue 21 item 3): the client subscriptions of a client found
 * by e-mail address, with their passes (holders) and visits left, and extending one's expiry date
 * (never to a day before the current one), audited in the same transaction.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { clients, clientSubscriptions, passes, subscriptions } from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../errors.ts';
import type { StaffAudit } from '../checkout/index.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function createPassDesk({ db, audit }: { db: Database; clock: Clock; audit: StaffAudit }) {
  return {
    async ofClient(email: string) {
      const [client] = await db
        .select({ id: clients.id, email: clients.email, firstName: clients.firstName, lastName: clients.lastName })
        .from(clients)
        .where(sql`lower(${clients.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      if (!client) throw notFound('No client with this e-mail address');
      const cards = await db
        .select({ card: clientSubscriptions, texts: subscriptions.texts })
        .from(clientSubscriptions)
        .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
        .where(eq(clientSubscriptions.clientId, client.id))
        .orderBy(asc(clientSubscriptions.id));
      const holders =
        cards.length === 0
          ? []
          : await db
              .select()
              .from(passes)
              .where(
                inArray(
                  passes.clientSubscriptionId,
                  cards.map((row) => row.card.id),
                ),
              );
      return {
        client,
        subscriptions: cards.map(({ card, texts }) => ({
          ...card,
          texts,
          passes: holders.filter((pass) => pass.clientSubscriptionId === card.id),
        })),
      };
    },

    /** The client subscription valid until `expiresOn` (YYYY-MM-DD), not before the day it had. */
    async extend(staffId: number, clientSubscriptionId: number, expiresOn: string) {
      if (!DAY.test(expiresOn) || Number.isNaN(Date.parse(expiresOn))) throw validationFailed({ expires_on: 'invalid' });
      return db.transaction(async (tx) => {
        const [card] = await tx.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, clientSubscriptionId)).for('update');
        if (!card) throw notFound('No such client subscription');
        if (card.expiresOn !== null && expiresOn < card.expiresOn)
          throw validationFailed({ expires_on: 'before_current' }, 'An extension cannot end before the current expiry');
        // Extended: a new reminder is due before the new day.
        const [changed] = await tx.update(clientSubscriptions).set({ expiresOn, reminderSentAt: null }).where(eq(clientSubscriptions.id, card.id)).returning();
        await audit(tx, {
          staffId,
          action: 'pass.extend',
          entity: 'client_subscription',
          entityId: String(card.id),
          before: { expiresOn: card.expiresOn },
          after: { expiresOn },
        });
        return changed;
      });
    },
  };
}

export type PassDesk = ReturnType<typeof createPassDesk>;
