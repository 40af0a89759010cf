/**
 * The back office's upsell editing: upsells and donations (a donation has a step instead of a fixed
 * price). A save is ONE transaction with its audit row; one carrying an older version changes nothing
 * (409 CATALOGUE_STALE_EDIT). Amounts are 2-decimal numbers at this edge, cents inside.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { UpsellEditorInput } from '#domain/backoffice/catalogue-editor.ts';
import { editorCents } from '#domain/backoffice/catalogue-editor.ts';
import { toAmount } from '#domain/money.ts';
import type { Database } from '../../../db/client.ts';
import { taxRules, upsells } from '../../../db/schema/index.ts';
import { notFound } from '../../../errors.ts';
import type { StaffActor, StaffAudit } from '../../../staff-audit.ts';
import { cleanTexts, shopLanguages } from '../../organisation/index.ts';
import { checkReferences, staleEdit } from '../editing-checks.ts';

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
    tax_rule_id: row.taxRuleId,
  };
}

export function createUpsellEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listUpsells() {
      const rows = await db.select().from(upsells).orderBy(asc(upsells.id));
      return rows.map(upsellView);
    },

    async saveUpsell(actor: StaffActor, input: UpsellEditorInput, existing: { id: number; version: number } | null) {
      return db.transaction(async (tx) => {
        const shop = await shopLanguages(tx);
        const values = {
          upsellType: input.upsell_type,
          priceCents: editorCents(input.price),
          maxQuantity: input.max_quantity,
          donationStepCents: input.donation_step === null ? null : editorCents(input.donation_step),
          image: input.image,
          texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'title' }),
          ...(input.tax_rule_id === undefined ? {} : { taxRuleId: input.tax_rule_id }),
        };
        if (input.tax_rule_id) await checkReferences(tx, taxRules, [input.tax_rule_id], 'tax_rule_id');
        if (!existing) {
          const [row] = await tx.insert(upsells).values(values).returning();
          const after = upsellView(row!);
          await audit(tx, { staffId: actor.staffId, action: 'upsell.create', entity: 'upsell', entityId: row!.id, before: null, after });
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
        await audit(tx, { staffId: actor.staffId, action: 'upsell.update', entity: 'upsell', entityId: row.id, before: upsellView(current), after });
        return after;
      });
    },
  };
}

export type UpsellEditing = ReturnType<typeof createUpsellEditing>;
