/**
 * The back office's additions: the booking fees added to an order (type 0 new bookings, 1 rebookings).
 * A save or delete is ONE transaction that reads the row locked, refuses a stale edit
 * (content-version.ts), writes, and records its audit row. Writes move the catalogue version
 * (migration 0011's triggers), so checkouts priced earlier see the change.
 */
import { asc, eq } from 'drizzle-orm';
import type { AdditionEditorInput, AdditionEditorView } from '#domain/backoffice/settings-editor.ts';
import { editorCents } from '#domain/backoffice/catalogue-editor.ts';
import { toAmount } from '#domain/money.ts';
import type { Database } from '../../db/client.ts';
import { additions } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { StaffActor, StaffAudit } from '../../staff-audit.ts';
import { contentVersion, staleContent } from './content-version.ts';
import type { AdditionRow } from './organisation.repo.ts';
import { cleanTexts, lockedShopLanguages } from './shop-texts.ts';

function additionView(row: AdditionRow): AdditionEditorView {
  return { id: row.id, version: contentVersion(row), type: row.type, amount: toAmount(row.amountCents), texts: row.texts };
}

export function createAdditionEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listAdditions(): Promise<AdditionEditorView[]> {
      const rows = await db.select().from(additions).orderBy(asc(additions.type), asc(additions.id));
      return rows.map(additionView);
    },

    async saveAddition(actor: StaffActor, input: AdditionEditorInput, existing: { id: number; version: string } | null): Promise<AdditionEditorView> {
      return db.transaction(async (tx) => {
        const shop = await lockedShopLanguages(tx);
        const columns = { type: input.type, amountCents: editorCents(input.amount), texts: cleanTexts(input.texts, shop, { html: [], required: 'name' }) };
        if (!existing) {
          const [row] = await tx.insert(additions).values(columns).returning();
          const after = additionView(row!);
          await audit(tx, { staffId: actor.staffId, action: 'addition.create', entity: 'addition', entityId: row!.id, before: null, after });
          return after;
        }
        const [current] = await tx.select().from(additions).where(eq(additions.id, existing.id)).for('update');
        if (!current) throw notFound('No such addition');
        if (contentVersion(current) !== existing.version) throw staleContent('addition');
        const [row] = await tx.update(additions).set(columns).where(eq(additions.id, existing.id)).returning();
        const after = additionView(row!);
        await audit(tx, {
          staffId: actor.staffId,
          action: 'addition.update',
          entity: 'addition',
          entityId: existing.id,
          before: additionView(current),
          after,
        });
        return after;
      });
    },

    async deleteAddition(actor: StaffActor, id: number, version: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(additions).where(eq(additions.id, id)).for('update');
        if (!current) throw notFound('No such addition');
        if (contentVersion(current) !== version) throw staleContent('addition');
        await tx.delete(additions).where(eq(additions.id, id));
        await audit(tx, {
          staffId: actor.staffId,
          action: 'addition.delete',
          entity: 'addition',
          entityId: id,
          before: additionView(current),
          after: null,
        });
      });
    },
  };
}

export type AdditionEditing = ReturnType<typeof createAdditionEditing>;
