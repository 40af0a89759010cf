/**
 * The back office's product editing: a product with its audiences, upsells, cross-sells and
 * categories. Every save is ONE transaction that checks what it refers to, writes, and records its
 * audit row (`audit`, the staff module's recordAudit); a save carrying a version older than the stored
 * one changes nothing and answers 409 CATALOGUE_STALE_EDIT. Writes to products and their links move
 * the catalogue version (statement triggers of migration 0011), so kept product pages and checkouts
 * priced earlier see the change.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ProductEditorInput } from '#domain/backoffice/catalogue-editor.ts';
import { editorCents } from '#domain/backoffice/catalogue-editor.ts';
import { toAmount } from '#domain/money.ts';
import type { Database, Executor } from '../../../db/client.ts';
import {
  audiences,
  categories,
  categoryProducts,
  productAudiences,
  productCrossSells,
  products,
  productUpsells,
  taxRules,
  upsells,
} from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { StaffActor, StaffAudit } from '../../../staff-audit.ts';
import { cleanTexts, shopLanguages, type ShopLanguages } from '../../organisation/index.ts';
import { checkReferences, slugTaken, staleEdit, withSlugGuard } from '../editing-checks.ts';

async function readProduct(db: Executor, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  const [audienceRows, upsellRows, crossRows, categoryRows] = await Promise.all([
    db.select().from(productAudiences).where(eq(productAudiences.productId, id)).orderBy(asc(productAudiences.sort)),
    db.select().from(productUpsells).where(eq(productUpsells.productId, id)).orderBy(asc(productUpsells.sort)),
    db.select().from(productCrossSells).where(eq(productCrossSells.productId, id)).orderBy(asc(productCrossSells.sort)),
    db.select().from(categoryProducts).where(eq(categoryProducts.productId, id)).orderBy(asc(categoryProducts.categoryId)),
  ]);
  return {
    id: row.id,
    version: row.version,
    slug: row.slug,
    state: row.state,
    visible: row.visible,
    sort: row.sort,
    image: row.image,
    price_type: row.priceType,
    capacity_type: row.capacityType,
    price: toAmount(row.priceCents),
    has_days: row.hasDays,
    has_timeslots: row.hasTimeslots,
    show_end_time: row.showEndTime,
    show_availability: row.showAvailability,
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    allow_reservations: row.allowReservations,
    tax_rule_id: row.taxRuleId,
    texts: row.texts,
    audiences: audienceRows.map((a) => ({
      audience_id: a.audienceId,
      price: toAmount(a.priceCents),
      min_quantity: a.minQuantity,
      max_quantity: a.maxQuantity,
      fixed_quantity: a.fixedQuantity,
      dependant: a.dependant,
      hidden: a.hidden,
    })),
    upsell_ids: upsellRows.map((u) => u.upsellId),
    cross_sell_ids: crossRows.map((c) => c.targetProductId),
    category_ids: categoryRows.map((c) => c.categoryId),
  };
}
type ProductEditorView = NonNullable<Awaited<ReturnType<typeof readProduct>>>;

function productColumns(input: ProductEditorInput, shop: ShopLanguages) {
  return {
    slug: input.slug,
    state: input.state,
    visible: input.visible,
    sort: input.sort,
    image: input.image,
    priceType: input.price_type,
    capacityType: input.capacity_type,
    priceCents: editorCents(input.price),
    hasDays: input.has_days,
    hasTimeslots: input.has_timeslots,
    hasAudiences: input.audiences.length > 0,
    showEndTime: input.show_end_time,
    showAvailability: input.show_availability,
    minQuantity: input.min_quantity,
    maxQuantity: input.max_quantity,
    allowReservations: input.allow_reservations,
    ...(input.tax_rule_id === undefined ? {} : { taxRuleId: input.tax_rule_id }),
    texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'title' }),
  };
}

async function checkProductReferences(tx: Executor, input: ProductEditorInput, selfId: number | null) {
  if (selfId !== null && input.cross_sell_ids.includes(selfId))
    throw new AppError('VALIDATION_FAILED', 400, 'A product cannot be its own cross-sell', { fields: { cross_sell_ids: 'self_reference' } });
  await checkReferences(
    tx,
    audiences,
    input.audiences.map((a) => a.audience_id),
    'audiences',
  );
  await checkReferences(tx, upsells, input.upsell_ids, 'upsell_ids');
  if (input.tax_rule_id) await checkReferences(tx, taxRules, [input.tax_rule_id], 'tax_rule_id');
  await checkReferences(tx, products, input.cross_sell_ids, 'cross_sell_ids');
  await checkReferences(tx, categories, input.category_ids, 'category_ids');
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(selfId === null ? eq(products.slug, input.slug) : and(eq(products.slug, input.slug), ne(products.id, selfId)));
  if (taken) throw slugTaken();
}

async function writeProductLinks(tx: Executor, id: number, input: ProductEditorInput) {
  await tx.delete(productAudiences).where(eq(productAudiences.productId, id));
  await tx.delete(productUpsells).where(eq(productUpsells.productId, id));
  await tx.delete(productCrossSells).where(eq(productCrossSells.productId, id));
  await tx.delete(categoryProducts).where(eq(categoryProducts.productId, id));
  if (input.audiences.length > 0)
    await tx.insert(productAudiences).values(
      input.audiences.map((a, index) => ({
        productId: id,
        audienceId: a.audience_id,
        priceCents: editorCents(a.price),
        minQuantity: a.min_quantity,
        maxQuantity: a.max_quantity,
        fixedQuantity: a.fixed_quantity,
        dependant: a.dependant,
        hidden: a.hidden,
        sort: (index + 1) * 10,
      })),
    );
  if (input.upsell_ids.length > 0)
    await tx.insert(productUpsells).values(input.upsell_ids.map((upsellId, index) => ({ productId: id, upsellId, sort: (index + 1) * 10 })));
  if (input.cross_sell_ids.length > 0)
    await tx
      .insert(productCrossSells)
      .values(input.cross_sell_ids.map((targetProductId, index) => ({ productId: id, targetProductId, sort: (index + 1) * 10 })));
  if (input.category_ids.length > 0)
    await tx.insert(categoryProducts).values(input.category_ids.map((categoryId, index) => ({ categoryId, productId: id, sort: (index + 1) * 10 })));
}

export function createProductEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listProducts() {
      const rows = await db
        .select({
          id: products.id,
          version: products.version,
          slug: products.slug,
          state: products.state,
          visible: products.visible,
          priceType: products.priceType,
          priceCents: products.priceCents,
          texts: products.texts,
          image: products.image,
          sort: products.sort,
        })
        .from(products)
        .orderBy(asc(products.sort), asc(products.id));
      return rows.map((r) => ({
        id: r.id,
        version: r.version,
        slug: r.slug,
        state: r.state,
        visible: r.visible,
        price_type: r.priceType,
        price: toAmount(r.priceCents),
        texts: r.texts,
        image: r.image,
        sort: r.sort,
      }));
    },

    async getProduct(id: number): Promise<ProductEditorView> {
      const product = await readProduct(db, id);
      if (!product) throw notFound('No such product');
      return product;
    },

    async createProduct(actor: StaffActor, input: ProductEditorInput): Promise<ProductEditorView> {
      return withSlugGuard('products_slug', () =>
        db.transaction(async (tx) => {
          const shop = await shopLanguages(tx);
          const columns = productColumns(input, shop);
          await checkProductReferences(tx, input, null);
          const [row] = await tx.insert(products).values(columns).returning({ id: products.id });
          await writeProductLinks(tx, row!.id, input);
          const after = (await readProduct(tx, row!.id))!;
          await audit(tx, { staffId: actor.staffId, action: 'product.create', entity: 'product', entityId: row!.id, before: null, after });
          return after;
        }),
      );
    },

    async updateProduct(actor: StaffActor, id: number, version: number, input: ProductEditorInput): Promise<ProductEditorView> {
      return withSlugGuard('products_slug', () =>
        db.transaction(async (tx) => {
          const before = await readProduct(tx, id);
          if (!before) throw notFound('No such product');
          const shop = await shopLanguages(tx);
          const columns = productColumns(input, shop);
          await checkProductReferences(tx, input, id);
          const updated = await tx
            .update(products)
            .set({ ...columns, version: sql`${products.version} + 1` })
            .where(and(eq(products.id, id), eq(products.version, version)))
            .returning({ id: products.id });
          if (updated.length === 0) throw staleEdit('product');
          await writeProductLinks(tx, id, input);
          const after = (await readProduct(tx, id))!;
          await audit(tx, { staffId: actor.staffId, action: 'product.update', entity: 'product', entityId: id, before, after });
          return after;
        }),
      );
    },
  };
}

export type ProductEditing = ReturnType<typeof createProductEditing>;
