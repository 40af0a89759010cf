/**
 * The organisation's tax rules (src/domain/tax.ts), edited by owner and manager: list, create, change,
 * delete (refused with TAX_RULE_IN_USE while a good names it). A rate outside 0..100 % is refused with
 * TAX_RATE_INVALID. Each change is audited in its transaction. The booking fee's rule is the
 * organisation's to set (additions); products, upsells and subscriptions name theirs through
 * their own modules' editors.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { TaxRuleEditorInput, TaxRuleView } from '#domain/backoffice/tax-rules.schema.ts';
import { toCents } from '#domain/money.ts';
import { validRateBp } from '#domain/tax.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { additions, organisations, taxRules } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { StaffActor, StaffAudit } from '../../staff-audit.ts';

/** A rate in percent as basis points, or TAX_RATE_INVALID: below 0, above 100 or finer than 0.01 %. */
export function rateBpOf(rate: number): number {
  const bp = toCents(rate);
  if (!validRateBp(bp) || Math.abs(bp - rate * 100) > 1e-6) {
    throw new AppError('TAX_RATE_INVALID', 400, 'A tax rate is between 0 and 100 %, in hundredths of a percent', { fields: { rate: 'range' } });
  }
  return bp;
}

async function usage(db: Executor): Promise<Map<number, number>> {
  const rows = rowsOf<{ id: number; used: number }>(
    await db.execute(sql`
      select t.id, ((select count(*) from products p where p.tax_rule_id = t.id) + (select count(*) from upsells u where u.tax_rule_id = t.id)
        + (select count(*) from subscriptions s where s.tax_rule_id = t.id) + (select count(*) from additions a where a.tax_rule_id = t.id))::int as used
      from tax_rules t`),
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.used)]));
}

type TaxRuleRow = typeof taxRules.$inferSelect;
const view = (row: TaxRuleRow, used: number): TaxRuleView => ({ id: row.id, name: row.name, rate: row.rateBp / 100, kind: row.kind, used_by: used });

export function createTaxRuleEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async list(): Promise<TaxRuleView[]> {
      const [rows, used] = [await db.select().from(taxRules).orderBy(asc(taxRules.rateBp), asc(taxRules.id)), await usage(db)];
      return rows.map((row) => view(row, used.get(row.id) ?? 0));
    },

    async save(actor: StaffActor, input: TaxRuleEditorInput, id: number | null): Promise<TaxRuleView> {
      const columns = { name: input.name.trim(), rateBp: rateBpOf(input.rate), kind: input.kind };
      return db.transaction(async (tx) => {
        const [organisation] = await tx.select({ id: organisations.id }).from(organisations).limit(1);
        if (!organisation) throw notFound('No organisation');
        const [before] = id === null ? [] : await tx.select().from(taxRules).where(eq(taxRules.id, id)).for('update');
        if (id !== null && !before) throw notFound('No such tax rule');
        const [row] =
          id === null
            ? await tx
                .insert(taxRules)
                .values({ ...columns, organisationId: organisation.id })
                .returning()
            : await tx.update(taxRules).set(columns).where(eq(taxRules.id, id)).returning();
        const after = view(row!, (await usage(tx)).get(row!.id) ?? 0);
        await audit(tx, {
          staffId: actor.staffId,
          action: 'organisation.update',
          entity: 'organisation',
          entityId: organisation.id,
          before: before ? { tax_rule: view(before, after.used_by) } : null,
          after: { tax_rule: after },
        });
        return after;
      });
    },

    async remove(actor: StaffActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(taxRules).where(eq(taxRules.id, id)).for('update');
        if (!before) throw notFound('No such tax rule');
        const used = (await usage(tx)).get(id) ?? 0;
        if (used > 0) throw new AppError('TAX_RULE_IN_USE', 409, `${used} goods still use this tax rule`);
        await tx.delete(taxRules).where(eq(taxRules.id, id));
        await audit(tx, {
          staffId: actor.staffId,
          action: 'organisation.update',
          entity: 'organisation',
          entityId: before.organisationId,
          before: { tax_rule: view(before, 0) },
          after: null,
        });
      });
    },

    /** The booking fee's (and the rebooking fee's) tax rule: the organisation's additions. */
    async assignFees(actor: StaffActor, id: number | null, additionIds: readonly number[]): Promise<void> {
      await db.transaction(async (tx) => {
        if (id !== null && (await tx.select({ id: taxRules.id }).from(taxRules).where(eq(taxRules.id, id))).length === 0) throw notFound('No such tax rule');
        for (const addition of additionIds) await tx.update(additions).set({ taxRuleId: id }).where(eq(additions.id, addition));
        await audit(tx, {
          staffId: actor.staffId,
          action: 'organisation.update',
          entity: 'organisation',
          entityId: 0,
          before: null,
          after: { tax_rule_fees: { tax_rule: id, additions: [...additionIds] } },
        });
      });
    },
  };
}

export type TaxRuleEditing = ReturnType<typeof createTaxRuleEditing>;
