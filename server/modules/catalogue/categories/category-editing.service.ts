/**
 * The back office's category editing: the category tree (by parent_id), any state. A save is ONE
 * transaction that checks its parent (never below itself) and its slug, writes, and records its audit
 * row; one carrying an older version changes nothing (409 CATALOGUE_STALE_EDIT).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { CategoryEditorInput } from '#domain/backoffice/catalogue-editor.ts';
import type { Database, Executor } from '../../../db/client.ts';
import { categories } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { StaffActor, StaffAudit } from '../../../staff-audit.ts';
import { cleanTexts, shopLanguages } from '../../organisation/index.ts';
import { checkReferences, slugTaken, staleEdit, withSlugGuard } from '../editing-checks.ts';

function categoryView(row: typeof categories.$inferSelect) {
  return { id: row.id, version: row.version, slug: row.slug, parent_id: row.parentId, state: row.state, sort: row.sort, image: row.image, texts: row.texts };
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

export function createCategoryEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listCategories() {
      const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
      return rows.map(categoryView);
    },

    async getCategory(id: number) {
      const [row] = await db.select().from(categories).where(eq(categories.id, id));
      if (!row) throw notFound('No such category');
      return categoryView(row);
    },

    async saveCategory(actor: StaffActor, input: CategoryEditorInput, existing: { id: number; version: number } | null) {
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
            await checkReferences(tx, categories, [input.parent_id], 'parent_id');
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
            await audit(tx, { staffId: actor.staffId, action: 'category.create', entity: 'category', entityId: row!.id, before: null, after });
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
          await audit(tx, {
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
  };
}

export type CategoryEditing = ReturnType<typeof createCategoryEditing>;
