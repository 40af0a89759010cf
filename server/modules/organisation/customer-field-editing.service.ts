/**
 * The back office's customer fields: the questions the checkout asks besides name and e-mail (for
 * every order, or only for some products, subscriptions or vouchers). A save or delete is ONE
 * transaction that reads the row locked, refuses a stale edit (content-version.ts), writes, and
 * records its audit row. Writes move the catalogue version (migration 0011's triggers).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { CustomerFieldEditorInput, CustomerFieldEditorView } from '#domain/backoffice/settings-editor.ts';
import { SETTINGS_RULES } from '#domain/backoffice/settings-editor.ts';
import type { Language } from '#domain/languages.ts';
import type { Database, Executor } from '../../db/client.ts';
import { customerFields } from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../errors.ts';
import type { StaffActor, StaffAudit } from '../../staff-audit.ts';
import { contentVersion, staleContent } from './content-version.ts';
import { cleanTexts, lockedShopLanguages, type ShopLanguages } from './shop-texts.ts';

type FieldRow = typeof customerFields.$inferSelect;

function fieldView(row: FieldRow): CustomerFieldEditorView {
  return {
    id: row.id,
    version: contentVersion(row),
    name: row.name,
    type: row.type,
    required: row.required,
    default: row.isDefault,
    business: row.business,
    sort: row.sort,
    options: row.options,
    products: row.products,
    subscriptions: row.subscriptions,
    vouchers: row.vouchers,
    texts: row.texts,
  };
}

/** Option labels: trimmed, empty ones dropped, only in the shop's languages. */
function cleanLabels(labels: Partial<Record<Language, string>>, shop: ShopLanguages): Partial<Record<Language, string>> {
  const out: Partial<Record<Language, string>> = {};
  for (const [language, label] of Object.entries(labels) as [Language, string][]) {
    if (!shop.languages.includes(language)) throw validationFailed({ [`options.labels.${language}`]: 'language_not_offered' });
    if (label.trim() !== '') out[language] = label.trim();
  }
  return out;
}

function fieldColumns(input: CustomerFieldEditorInput, shop: ShopLanguages) {
  return {
    name: input.name,
    type: input.type,
    required: input.required,
    isDefault: input.default,
    business: input.business,
    sort: input.sort,
    options: input.options.map((option) => ({ value: option.value, labels: cleanLabels(option.labels, shop) })),
    products: input.products,
    subscriptions: input.subscriptions,
    vouchers: input.vouchers,
    texts: cleanTexts(input.texts, shop, { html: [], required: 'label' }),
  };
}

async function checkFieldName(tx: Executor, name: string, selfId: number | null) {
  const [taken] = await tx
    .select({ id: customerFields.id })
    .from(customerFields)
    .where(selfId === null ? eq(customerFields.name, name) : and(eq(customerFields.name, name), ne(customerFields.id, selfId)));
  if (taken) throw validationFailed({ name: SETTINGS_RULES.nameTaken }, 'Another customer field already uses this name');
}

export function createCustomerFieldEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listFields(): Promise<CustomerFieldEditorView[]> {
      const rows = await db.select().from(customerFields).orderBy(asc(customerFields.sort), asc(customerFields.id));
      return rows.map(fieldView);
    },

    async saveField(actor: StaffActor, input: CustomerFieldEditorInput, existing: { id: number; version: string } | null): Promise<CustomerFieldEditorView> {
      return db.transaction(async (tx) => {
        const columns = fieldColumns(input, await lockedShopLanguages(tx));
        await checkFieldName(tx, input.name, existing?.id ?? null);
        if (!existing) {
          const [row] = await tx.insert(customerFields).values(columns).returning();
          const after = fieldView(row!);
          await audit(tx, { staffId: actor.staffId, action: 'customer_field.create', entity: 'customer_field', entityId: row!.id, before: null, after });
          return after;
        }
        const [current] = await tx.select().from(customerFields).where(eq(customerFields.id, existing.id)).for('update');
        if (!current) throw notFound('No such customer field');
        if (contentVersion(current) !== existing.version) throw staleContent('customer field');
        const [row] = await tx.update(customerFields).set(columns).where(eq(customerFields.id, existing.id)).returning();
        const after = fieldView(row!);
        await audit(tx, {
          staffId: actor.staffId,
          action: 'customer_field.update',
          entity: 'customer_field',
          entityId: existing.id,
          before: fieldView(current),
          after,
        });
        return after;
      });
    },

    async deleteField(actor: StaffActor, id: number, version: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(customerFields).where(eq(customerFields.id, id)).for('update');
        if (!current) throw notFound('No such customer field');
        if (contentVersion(current) !== version) throw staleContent('customer field');
        // Orders keep the values they were placed with (customer.fields); only the question goes.
        await tx.delete(customerFields).where(eq(customerFields.id, id));
        await audit(tx, {
          staffId: actor.staffId,
          action: 'customer_field.delete',
          entity: 'customer_field',
          entityId: id,
          before: fieldView(current),
          after: null,
        });
      });
    },
  };
}

export type CustomerFieldEditing = ReturnType<typeof createCustomerFieldEditing>;
