/**
 * What a paid subscription order issues (checkout/fulfilments.ts), once, in the transaction that
 * makes it PAID: a new client subscription with its passes, or — for a renewal — the same one
 * extended from its current expiration while that is still ahead (src/domain/subscription/renewal.ts),
 * its passes' holders updated and new passes added; an ONLINE card gains its redemptions. The client
 * joins the subscription's customer group, and the confirmation mail goes to the outbox.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { translate } from '#domain/languages.ts';
import { addDays } from '#domain/plot-query.ts';
import { renewedExpiration } from '#domain/subscription/renewal.ts';
import type { Executor } from '../../db/client.ts';
import { audiences, clientSubscriptions, subscriptions, type OrderRecord } from '../../db/schema/index.ts';
import { shopMoment } from '../../shop-time.ts';
import { type CheckoutFulfilment, namePassOfOrder } from '../checkout/index.ts';
import { enqueueSubscriptionMail } from '../mail/index.ts';
import { findOrganisation, defaultLanguageOf } from '../organisation/index.ts';
import { extendClientSubscription, insertClientSubscription, insertPasses, joinGroup, updatePassHolder } from './client-subscription.repo.ts';

const randomToken = () => randomBytes(24).toString('base64url');

/** Redemptions after a renewal: an unlimited card stays unlimited, a counted one gains a new allowance. */
function renewedRedemptions(current: number, allowance: number): number {
  return current === -1 || allowance === -1 ? -1 : current + allowance;
}

export function createSubscriptionFulfilment({ publicUrl }: { publicUrl: string }): CheckoutFulfilment {
  async function issue(db: Executor, order: OrderRecord, now: Date): Promise<void> {
    const plan = order.subscriptionPlan;
    if (!plan || order.clientId === null || order.subscriptionId === null) return;
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId));
    if (!subscription) return;
    const organisation = await findOrganisation(db);
    const today = shopMoment(now, organisation?.timezone ?? 'Europe/Amsterdam').date;

    let clientSubscriptionId: number;
    let expiration: string;
    let hash: string;
    const renewed =
      plan.renews === null ? null : ((await db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, plan.renews)).for('update'))[0] ?? null);
    if (renewed) {
      clientSubscriptionId = renewed.id;
      hash = renewed.hash;
      expiration = renewedExpiration(renewed.expiresOn, today, subscription.validityDays);
      const availableRedemptions =
        subscription.type === 'ONLINE' ? renewedRedemptions(renewed.availableRedemptions, subscription.redemptions) : renewed.availableRedemptions;
      await extendClientSubscription(db, renewed.id, { expiresOn: expiration, availableRedemptions });
      for (const pass of plan.passes)
        if (pass.pass !== null && pass.name) await updatePassHolder(db, pass.pass, renewed.id, { holderName: pass.name, birthday: pass.birthday });
    } else {
      hash = randomToken();
      expiration = addDays(today, subscription.validityDays);
      clientSubscriptionId = await insertClientSubscription(db, {
        clientId: order.clientId,
        subscriptionId: subscription.id,
        token: randomToken(),
        hash,
        type: subscription.type,
        availableRedemptions: subscription.redemptions,
        renewable: true,
        expiresOn: expiration,
      });
    }
    const added = plan.passes.filter((pass) => pass.pass === null || !renewed);
    await insertPasses(
      db,
      added.map((pass) => ({ clientSubscriptionId, audienceId: pass.audience, holderName: pass.name ?? '', birthday: pass.birthday })),
    );
    if (subscription.customerGroupId !== null) await joinGroup(db, order.clientId, subscription.customerGroupId);
    await namePassOfOrder(db, order.id, clientSubscriptionId);

    const language = order.language;
    const fallback = defaultLanguageOf(organisation);
    const audienceIds = [...new Set(plan.passes.map((pass) => pass.audience))];
    const audienceRows = audienceIds.length
      ? await db.select({ id: audiences.id, texts: audiences.texts }).from(audiences).where(inArray(audiences.id, audienceIds))
      : [];
    const audienceName = (id: number) => translate(audienceRows.find((row) => row.id === id)?.texts ?? {}, language, fallback).name ?? '';
    await enqueueSubscriptionMail(db, {
      kind: 'confirmation',
      language,
      recipient: order.customer.email,
      name: [order.customer.first_name, order.customer.last_name].filter(Boolean).join(' '),
      shopName: (organisation && translate(organisation.texts, language, fallback).name) || '',
      title: translate(subscription.texts, language, fallback).title ?? '',
      passes: subscription.type === 'PHYSICAL' ? plan.passes.map((pass) => `${audienceName(pass.audience)}: ${pass.name ?? ''}`) : [],
      expiration,
      renewLink: `${publicUrl}/renew/${hash}`,
    });
  }

  return {
    async fulfil(db, paidOrders, now) {
      for (const order of paidOrders) if (order.kind === 'SUBSCRIPTION' && order.status === 'PAID') await issue(db, order, now);
    },
  };
}
