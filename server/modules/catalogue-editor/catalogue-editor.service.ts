/**
 * The back office's catalogue editor: categories, audiences, upsells (incl. donations) and products
 * with their audiences, upsells, cross-sells and categories. Every save is ONE transaction that
 * checks what it refers to, writes, and records its audit row (staff module's recordAudit); a save
 * carrying a version older than the stored one changes nothing and answers 409 CATALOGUE_STALE_EDIT.
 * Writes to products, audiences, upsells and their links move the catalogue version (statement
 * triggers of migration 0011), so kept product pages and checkouts priced earlier see the change.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AudienceEditorInput, CategoryEditorInput, ProductEditorInput, UpsellEditorInput } from '#domain/backoffice/catalogue-editor.ts';
import { editorCents } from '#domain/backoffice/catalogue-editor.ts';
import type { Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  audiences,
  categories,
  categoryProducts,
  organisations,
  productAudiences,
  productCrossSells,
  products,
  productUpsells,
  upsells,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordAudit } from '../staff/index.ts';
import { violatesUnique } from './db-errors.ts';
import { cleanTexts, type ShopLanguages } from './editor-texts.ts';

export interface EditorActor {
  staffId: number;
}

const staleEdit = (what: string) =>
  new AppError('CATALOGUE_STALE_EDIT', 409, `This ${what} was changed by someone else since you opened it; reload it and make your change again`);
const slugTaken = () => new AppError('CATALOGUE_SLUG_TAKEN', 409, 'Another entry already uses this slug', { fields: { slug: 'taken' } });
const unknownReference = (field: string) =>
  new AppError('CATALOGUE_REFERENCE_UNKNOWN', 400, `Something listed in ${field} does not exist`, { fields: { [field]: 'unknown' } });

export async function shopLanguages(db: Executor): Promise<ShopLanguages> {
  const [row] = await db.select({ languages: organisations.languages, defaultLanguage: organisations.defaultLanguage }).from(organisations).limit(1);
  if (!row) return { languages: ['en'], defaultLanguage: 'en' };
  const languages = row.languages.includes(row.defaultLanguage) ? row.languages : [row.defaultLanguage, ...row.languages];
  return { languages, defaultLanguage: row.defaultLanguage };
}

async function checkIds(tx: Executor, table: typeof audiences | typeof upsells | typeof products | typeof categories, ids: readonly number[], field: string) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  if (found.length !== new Set(ids).size) throw unknownReference(field);
}

/** Runs a save; a slug that a concurrent save took first is refused like one found taken. */
async function withSlugGuard<T>(constraint: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (violatesUnique(error, constraint)) throw slugTaken();
    throw error;
  }
}

/* ---------- views (what the editor reads; amounts as 2-decimal numbers) ---------- */

function categoryView(row: typeof categories.$inferSelect) {
  return { id: row.id, version: row.version, slug: row.slug, parent_id: row.parentId, state: row.state, sort: row.sort, image: row.image, texts: row.texts };
}
export type CategoryEditorView = ReturnType<typeof categoryView>;

function audienceView(row: typeof audiences.$inferSelect) {
  return { id: row.id, group: row.group, sort: row.sort, texts: row.texts };
}
export type AudienceEditorView = ReturnType<typeof audienceView>;

function upsellView(row: typeof upsells.$inferSelect) {
  return {
    id: row.id,
    version: row.version,
    upsell_type: row.upsellType,
    price: toAmount(row.priceCents),
    max_quantity: row.maxQuantity,
    donation_step: row.donationStepCents === null ? null : toAmount(row.donationStepCents),
    image: row.image,
    texts: row.texts,
  };
}
export type UpsellEditorView = ReturnType<typeof upsellView>;

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
export type ProductEditorView = NonNullable<Awaited<ReturnType<typeof readProduct>>>;

/* ---------- the service ---------- */

export function createCatalogueEditorService({ db }: { db: Database }) {
  /* products */

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
      texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'title' }),
    };
  }

  async function checkProductReferences(tx: Executor, input: ProductEditorInput, selfId: number | null) {
    if (selfId !== null && input.cross_sell_ids.includes(selfId))
      throw new AppError('VALIDATION_FAILED', 400, 'A product cannot be its own cross-sell', { fields: { cross_sell_ids: 'self_reference' } });
    await checkIds(
      tx,
      audiences,
      input.audiences.map((a) => a.audience_id),
      'audiences',
    );
    await checkIds(tx, upsells, input.upsell_ids, 'upsell_ids');
    await checkIds(tx, products, input.cross_sell_ids, 'cross_sell_ids');
    await checkIds(tx, categories, input.category_ids, 'category_ids');
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

    async createProduct(actor: EditorActor, input: ProductEditorInput): Promise<ProductEditorView> {
      return withSlugGuard('products_slug', () =>
        db.transaction(async (tx) => {
          const shop = await shopLanguages(tx);
          const columns = productColumns(input, shop);
          await checkProductReferences(tx, input, null);
          const [row] = await tx.insert(products).values(columns).returning({ id: products.id });
          await writeProductLinks(tx, row!.id, input);
          const after = (await readProduct(tx, row!.id))!;
          await recordAudit(tx, { staffId: actor.staffId, action: 'product.create', entity: 'product', entityId: row!.id, before: null, after });
          return after;
        }),
      );
    },

    async updateProduct(actor: EditorActor, id: number, version: number, input: ProductEditorInput): Promise<ProductEditorView> {
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
          await recordAudit(tx, { staffId: actor.staffId, action: 'product.update', entity: 'product', entityId: id, before, after });
          return after;
        }),
      );
    },

    /* categories */

    async listCategories() {
      const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
      return rows.map(categoryView);
    },

    async getCategory(id: number) {
      const [row] = await db.select().from(categories).where(eq(categories.id, id));
      if (!row) throw notFound('No such category');
      return categoryView(row);
    },

    async saveCategory(actor: EditorActor, input: CategoryEditorInput, existing: { id: number; version: number } | null) {
      return withSlugGuard('categories_slug', () =>
        db.transaction(async (tx) => {
          const shop = await shopLanguages(tx);
          const values = {
            slug: input.slug,
            parentId: input.parent_id,
            state: input.state,
            sort: input.sort,
            image: input.image,
            texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'title' }),
          };
          if (input.parent_id !== null) {
            await checkIds(tx, categories, [input.parent_id], 'parent_id');
            if (existing && (await wouldLoop(tx, existing.id, input.parent_id)))
              throw new AppError('VALIDATION_FAILED', 400, 'A category cannot sit below itself', { fields: { parent_id: 'self_reference' } });
          }
          const [taken] = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(existing ? and(eq(categories.slug, input.slug), ne(categories.id, existing.id)) : eq(categories.slug, input.slug));
          if (taken) throw slugTaken();
          if (!existing) {
            const [row] = await tx.insert(categories).values(values).returning();
            const after = categoryView(row!);
            await recordAudit(tx, { staffId: actor.staffId, action: 'category.create', entity: 'category', entityId: row!.id, before: null, after });
            return after;
          }
          const [current] = await tx.select().from(categories).where(eq(categories.id, existing.id));
          if (!current) throw notFound('No such category');
          const [row] = await tx
            .update(categories)
            .set({ ...values, version: sql`${categories.version} + 1` })
            .where(and(eq(categories.id, existing.id), eq(categories.version, existing.version)))
            .returning();
          if (!row) throw staleEdit('category');
          const after = categoryView(row);
          await recordAudit(tx, {
            staffId: actor.staffId,
            action: 'category.update',
            entity: 'category',
            entityId: row.id,
            before: categoryView(current),
            after,
          });
          return after;
        }),
      );
    },

    /* audiences (shared by products and subscriptions) */

    async listAudiences() {
      const rows = await db.select().from(audiences).orderBy(asc(audiences.sort), asc(audiences.id));
      return rows.map(audienceView);
    },

    async createAudience(actor: EditorActor, input: AudienceEditorInput) {
      return db.transaction(async (tx) => {
        const shop = await shopLanguages(tx);
        const [row] = await tx
          .insert(audiences)
          .values({ group: input.group, sort: input.sort, texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'name' }) })
          .returning();
        const after = audienceView(row!);
        await recordAudit(tx, { staffId: actor.staffId, action: 'audience.create', entity: 'audience', entityId: row!.id, before: null, after });
        return after;
      });
    },

    /** Renames or reorders an audience (no version: its few fields are edited rarely; the audit keeps before and after). */
    async updateAudience(actor: EditorActor, id: number, input: AudienceEditorInput) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(audiences).where(eq(audiences.id, id)).for('update');
        if (!current) throw notFound('No such audience');
        const shop = await shopLanguages(tx);
        const [row] = await tx
          .update(audiences)
          .set({ group: input.group, sort: input.sort, texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'name' }) })
          .where(eq(audiences.id, id))
          .returning();
        const after = audienceView(row!);
        await recordAudit(tx, { staffId: actor.staffId, action: 'audience.update', entity: 'audience', entityId: id, before: audienceView(current), after });
        return after;
      });
    },

    /* upsells */

    async listUpsells() {
      const rows = await db.select().from(upsells).orderBy(asc(upsells.id));
      return rows.map(upsellView);
    },

    async saveUpsell(actor: EditorActor, input: UpsellEditorInput, existing: { id: number; version: number } | null) {
      return db.transaction(async (tx) => {
        const shop = await shopLanguages(tx);
        const values = {
          upsellType: input.upsell_type,
          priceCents: editorCents(input.price),
          maxQuantity: input.max_quantity,
          donationStepCents: input.donation_step === null ? null : editorCents(input.donation_step),
          image: input.image,
          texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'title' }),
        };
        if (!existing) {
          const [row] = await tx.insert(upsells).values(values).returning();
          const after = upsellView(row!);
          await recordAudit(tx, { staffId: actor.staffId, action: 'upsell.create', entity: 'upsell', entityId: row!.id, before: null, after });
          return after;
        }
        const [current] = await tx.select().from(upsells).where(eq(upsells.id, existing.id));
        if (!current) throw notFound('No such upsell');
        const [row] = await tx
          .update(upsells)
          .set({ ...values, version: sql`${upsells.version} + 1` })
          .where(and(eq(upsells.id, existing.id), eq(upsells.version, existing.version)))
          .returning();
        if (!row) throw staleEdit('upsell');
        const after = upsellView(row);
        await recordAudit(tx, { staffId: actor.staffId, action: 'upsell.update', entity: 'upsell', entityId: row.id, before: upsellView(current), after });
        return after;
      });
    },

    /** The organisation's catalogue languages (the editor shows one text tab per language). */
    async languages(): Promise<{ languages: Language[]; default_language: Language }> {
      const shop = await shopLanguages(db);
      return { languages: [...shop.languages], default_language: shop.defaultLanguage };
    },
  };
}

/** Whether putting category `id` below `parentId` would make it its own ancestor. */
async function wouldLoop(tx: Executor, id: number, parentId: number): Promise<boolean> {
  let current: number | null = parentId;
  for (let depth = 0; current !== null && depth < 100; depth += 1) {
    if (current === id) return true;
    const [row] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, current));
    current = row?.parentId ?? null;
  }
  return false;
}

export type CatalogueEditorService = ReturnType<typeof createCatalogueEditorService>;
