/**
 * The back office's subscription (pass) editing: a subscription with its audiences' prices, the
 * products it covers and its categories. A save is ONE transaction that checks what it refers to,
 * writes and records its audit row (`audit`, the staff module's recordAudit); one carrying an older
 * version changes nothing (409 CATALOGUE_STALE_EDIT); texts are cleaned like the catalogue's (the
 * organisation module's cleanTexts). Saves move the catalogue version (statement triggers of
 * migration 0022) so kept pages and checkouts priced earlier see the change.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SubscriptionEditorInput, SubscriptionEditorView } from '#domain/backoffice/sales-editor.ts';
import { toAmount, toCents } from '#domain/money.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  audiences,
  categories,
  categorySubscriptions,
  customerGroups,
  products,
  subscriptionAudiences,
  subscriptionProducts,
  subscriptions,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { StaffActor, StaffAudit } from '../../staff-audit.ts';
import { checkReferences, slugTaken, staleEdit } from '../catalogue/index.ts';
import { cleanTexts, shopLanguages } from '../organisation/index.ts';

async function readSubscription(db: Executor, id: number): Promise<SubscriptionEditorView | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) return null;
  const [audienceRows, productRows, categoryRows] = await Promise.all([
    db.select().from(subscriptionAudiences).where(eq(subscriptionAudiences.subscriptionId, id)).orderBy(asc(subscriptionAudiences.sort)),
    db.select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, id)).orderBy(asc(subscriptionProducts.productId)),
    db.select().from(categorySubscriptions).where(eq(categorySubscriptions.subscriptionId, id)).orderBy(asc(categorySubscriptions.categoryId)),
  ]);
  return {
    id: row.id,
    version: row.version,
    slug: row.slug,
    state: row.state,
    type: row.type,
    sort: row.sort,
    image: row.image,
    redemptions: row.redemptions,
    validity_days: row.validityDays,
    customer_group_id: row.customerGroupId,
    texts: row.texts,
    audiences: audienceRows.map((a) => ({ audience_id: a.audienceId, price: toAmount(a.priceCents) })),
    product_ids: productRows.map((p) => p.productId),
    category_ids: categoryRows.map((c) => c.categoryId),
  };
}

export function createSubscriptionEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listSubscriptions(): Promise<SubscriptionEditorView[]> {
      const rows = await db.select({ id: subscriptions.id }).from(subscriptions).orderBy(asc(subscriptions.sort), asc(subscriptions.id));
      const views = await Promise.all(rows.map((row) => readSubscription(db, row.id)));
      return views.filter((view): view is SubscriptionEditorView => view !== null);
    },

    async getSubscription(id: number): Promise<SubscriptionEditorView> {
      const view = await readSubscription(db, id);
      if (!view) throw notFound('No such subscription');
      return view;
    },

    async saveSubscription(
      actor: StaffActor,
      input: SubscriptionEditorInput,
      existing: { id: number; version: number } | null,
    ): Promise<SubscriptionEditorView> {
      return db.transaction(async (tx) => {
        const before = existing ? await readSubscription(tx, existing.id) : null;
        if (existing && !before) throw notFound('No such subscription');
        const shop = await shopLanguages(tx);
        const texts = cleanTexts(input.texts, shop, { html: ['description'], required: 'title' });
        await checkReferences(
          tx,
          audiences,
          input.audiences.map((a) => a.audience_id),
          'audiences',
        );
        await checkReferences(tx, products, input.product_ids, 'product_ids');
        await checkReferences(tx, categories, input.category_ids, 'category_ids');
        if (input.customer_group_id !== null) await checkReferences(tx, customerGroups, [input.customer_group_id], 'customer_group_id');
        const [taken] = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(existing ? and(eq(subscriptions.slug, input.slug), ne(subscriptions.id, existing.id)) : eq(subscriptions.slug, input.slug));
        if (taken) throw slugTaken();
        const values = {
          slug: input.slug,
          state: input.state,
          type: input.type,
          sort: input.sort,
          image: input.image,
          redemptions: input.redemptions,
          validityDays: input.validity_days,
          customerGroupId: input.customer_group_id,
          texts,
        };
        let id: number;
        if (!existing) id = (await tx.insert(subscriptions).values(values).returning({ id: subscriptions.id }))[0]!.id;
        else {
          const updated = await tx
            .update(subscriptions)
            .set({ ...values, version: sql`${subscriptions.version} + 1` })
            .where(and(eq(subscriptions.id, existing.id), eq(subscriptions.version, existing.version)))
            .returning({ id: subscriptions.id });
          if (updated.length === 0) throw staleEdit('subscription');
          id = existing.id;
        }
        await tx.delete(subscriptionAudiences).where(eq(subscriptionAudiences.subscriptionId, id));
        await tx
          .insert(subscriptionAudiences)
          .values(input.audiences.map((a, index) => ({ subscriptionId: id, audienceId: a.audience_id, priceCents: toCents(a.price), sort: (index + 1) * 10 })));
        await tx.delete(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, id));
        if (input.product_ids.length > 0)
          await tx.insert(subscriptionProducts).values(input.product_ids.map((productId) => ({ subscriptionId: id, productId })));
        await tx.delete(categorySubscriptions).where(eq(categorySubscriptions.subscriptionId, id));
        if (input.category_ids.length > 0)
          await tx.insert(categorySubscriptions).values(input.category_ids.map((categoryId) => ({ categoryId, subscriptionId: id, sort: input.sort })));
        const after = (await readSubscription(tx, id))!;
        await audit(tx, {
          staffId: actor.staffId,
          action: existing ? 'subscription.update' : 'subscription.create',
          entity: 'subscription',
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type SubscriptionEditing = ReturnType<typeof createSubscriptionEditing>;
