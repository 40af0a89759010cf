/**
 * The back office's organisation-level editors (issue 20 item 3): the shop's settings, customer fields,
 * additions and the FAQ (questions and contact details). Every save is ONE transaction that reads the
 * row locked, refuses a stale edit, writes, and records its audit row (staff module's recordAudit).
 *
 * Versions: these tables carry no version column, so a row's version is a tag of its stored content
 * (SHA-256 of its JSON): a save carrying a tag other than the stored row's changes nothing and answers
 * 409 CATALOGUE_STALE_EDIT, as the catalogue editor does. Writes to organisations, customer_fields and
 * additions move the catalogue version (statement triggers of migration 0011), so checkouts priced
 * earlier see the change; the storefront's cached answers follow within CATALOGUE_CACHE_MS.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import type {
  AdditionEditorInput,
  AdditionEditorView,
  CustomerFieldEditorInput,
  CustomerFieldEditorView,
  FaqContactInput,
  FaqContactView,
  FaqQuestionEditorInput,
  FaqQuestionEditorView,
  OrganisationSettingsInput,
  OrganisationSettingsView,
} from '#domain/backoffice/settings-editor.ts';
import { isKnownCurrency, isKnownTimezone, SETTINGS_RULES, themeColourReadable } from '#domain/backoffice/settings-editor.ts';
import { editorCents } from '#domain/backoffice/catalogue-editor.ts';
import type { Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Database, Executor } from '../../db/client.ts';
import { additions, customerFields, faqQuestions, organisations } from '../../db/schema/index.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { cleanTexts, type ShopLanguages } from '../catalogue-editor/index.ts';
import { recordAudit } from '../staff/index.ts';

export interface SettingsActor {
  staffId: number;
}

type OrganisationRow = typeof organisations.$inferSelect;
type FieldRow = typeof customerFields.$inferSelect;
type AdditionRow = typeof additions.$inferSelect;
type QuestionRow = typeof faqQuestions.$inferSelect;

const staleEdit = (what: string) =>
  new AppError('CATALOGUE_STALE_EDIT', 409, `The ${what} was changed by someone else since you opened it; reload it and make your change again`);

/** A row's version: a tag of its stored content (see the module comment). */
export function contentVersion(row: unknown): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('base64url').slice(0, 22);
}

function shopOf(row: Pick<OrganisationRow, 'languages' | 'defaultLanguage'>): ShopLanguages {
  const languages = row.languages.includes(row.defaultLanguage) ? row.languages : [row.defaultLanguage, ...row.languages];
  return { languages, defaultLanguage: row.defaultLanguage };
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

/* ---------- views ---------- */

function settingsView(row: OrganisationRow): OrganisationSettingsView {
  const settings = {
    texts: row.texts,
    logo: row.logo,
    theme_colour: row.themeColour,
    currency: row.currency,
    timezone: row.timezone,
    languages: row.languages,
    default_language: row.defaultLanguage,
    allow_shopping_cart: row.allowShoppingCart,
    allow_business: row.allowBusiness,
    rebooking_allowed: row.rebookingAllowed,
    hold_minutes: row.holdMinutes,
    waitlist_hold_minutes: row.waitlistHoldMinutes,
    security_enabled: row.securityEnabled,
    captcha_site_key: row.captchaSiteKey,
    notification_email: row.notificationEmail,
  };
  // Over what this editor shows only: a change of the contact details does not make it stale.
  return { version: contentVersion(settings), ...settings };
}

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

function additionView(row: AdditionRow): AdditionEditorView {
  return { id: row.id, version: contentVersion(row), type: row.type, amount: toAmount(row.amountCents), texts: row.texts };
}

function questionView(row: QuestionRow): FaqQuestionEditorView {
  return { id: row.id, version: contentVersion(row), sort: row.sort, texts: row.texts };
}

function contactOf(row: OrganisationRow) {
  return {
    faq_enabled: row.faqEnabled,
    phone_number: row.phoneNumber,
    email: row.email,
    whatsapp_url: row.whatsappUrl,
    opening_hours_url: row.openingHoursUrl,
  };
}
function contactView(row: OrganisationRow): FaqContactView {
  const contact = contactOf(row);
  return { version: contentVersion(contact), ...contact };
}

/* ---------- the service ---------- */

export function createSettingsEditorService({ db }: { db: Database }) {
  async function lockedOrganisation(tx: Executor): Promise<OrganisationRow> {
    const [row] = await tx.select().from(organisations).orderBy(organisations.id).limit(1).for('update');
    if (!row) throw notFound('The shop is not set up yet');
    return row;
  }

  async function readOrganisation(): Promise<OrganisationRow> {
    const [row] = await db.select().from(organisations).orderBy(organisations.id).limit(1);
    if (!row) throw notFound('The shop is not set up yet');
    return row;
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

  return {
    /* organisation settings */

    async getSettings(): Promise<OrganisationSettingsView> {
      return settingsView(await readOrganisation());
    },

    async updateSettings(actor: SettingsActor, version: string, input: OrganisationSettingsInput): Promise<OrganisationSettingsView> {
      if (!themeColourReadable(input.theme_colour))
        throw new AppError('THEME_COLOUR_UNREADABLE', 400, 'Neither white nor dark text reads on this colour (WCAG AA 4.5:1); pick a lighter or darker one', {
          fields: { theme_colour: 'unreadable' },
        });
      if (!isKnownTimezone(input.timezone))
        throw new AppError('TIMEZONE_UNKNOWN', 400, 'This is not an IANA timezone (e.g. Europe/Amsterdam)', { fields: { timezone: 'unknown' } });
      if (!isKnownCurrency(input.currency)) throw validationFailed({ currency: 'unknown' }, 'This is not an ISO 4217 currency');
      return db.transaction(async (tx) => {
        const before = await lockedOrganisation(tx);
        if (settingsView(before).version !== version) throw staleEdit('shop settings');
        const shop = { languages: input.languages, defaultLanguage: input.default_language };
        const [row] = await tx
          .update(organisations)
          .set({
            texts: cleanTexts(input.texts, shop, { html: [], required: 'name' }),
            logo: input.logo === '' ? null : input.logo,
            themeColour: input.theme_colour,
            currency: input.currency,
            timezone: input.timezone,
            languages: input.languages,
            defaultLanguage: input.default_language,
            allowShoppingCart: input.allow_shopping_cart,
            allowBusiness: input.allow_business,
            rebookingAllowed: input.rebooking_allowed,
            // Rebooking opens /rebook/{secret}: a shop turning it on for the first time gets one.
            rebookingSecret: input.rebooking_allowed && !before.rebookingSecret ? randomBytes(16).toString('base64url') : before.rebookingSecret,
            holdMinutes: input.hold_minutes,
            waitlistHoldMinutes: input.waitlist_hold_minutes,
            securityEnabled: input.security_enabled,
            captchaSiteKey: input.captcha_site_key === '' ? null : input.captcha_site_key,
            notificationEmail: input.notification_email,
          })
          .where(eq(organisations.id, before.id))
          .returning();
        const after = settingsView(row!);
        // The rebooking secret is a credential: it stays out of the audit log (as do hashes and TOTP secrets).
        await recordAudit(tx, {
          staffId: actor.staffId,
          action: 'organisation.update',
          entity: 'organisation',
          entityId: before.id,
          before: settingsView(before),
          after,
        });
        return after;
      });
    },

    /* customer fields */

    async listFields(): Promise<CustomerFieldEditorView[]> {
      const rows = await db.select().from(customerFields).orderBy(asc(customerFields.sort), asc(customerFields.id));
      return rows.map(fieldView);
    },

    async saveField(actor: SettingsActor, input: CustomerFieldEditorInput, existing: { id: number; version: string } | null): Promise<CustomerFieldEditorView> {
      return db.transaction(async (tx) => {
        const shop = shopOf(await lockedOrganisation(tx));
        const columns = fieldColumns(input, shop);
        await checkFieldName(tx, input.name, existing?.id ?? null);
        if (!existing) {
          const [row] = await tx.insert(customerFields).values(columns).returning();
          const after = fieldView(row!);
          await recordAudit(tx, { staffId: actor.staffId, action: 'customer_field.create', entity: 'customer_field', entityId: row!.id, before: null, after });
          return after;
        }
        const [current] = await tx.select().from(customerFields).where(eq(customerFields.id, existing.id)).for('update');
        if (!current) throw notFound('No such customer field');
        if (contentVersion(current) !== existing.version) throw staleEdit('customer field');
        const [row] = await tx.update(customerFields).set(columns).where(eq(customerFields.id, existing.id)).returning();
        const after = fieldView(row!);
        await recordAudit(tx, {
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

    async deleteField(actor: SettingsActor, id: number, version: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(customerFields).where(eq(customerFields.id, id)).for('update');
        if (!current) throw notFound('No such customer field');
        if (contentVersion(current) !== version) throw staleEdit('customer field');
        // Orders keep the values they were placed with (customer.fields); only the question goes.
        await tx.delete(customerFields).where(eq(customerFields.id, id));
        await recordAudit(tx, {
          staffId: actor.staffId,
          action: 'customer_field.delete',
          entity: 'customer_field',
          entityId: id,
          before: fieldView(current),
          after: null,
        });
      });
    },

    /* additions */

    async listAdditions(): Promise<AdditionEditorView[]> {
      const rows = await db.select().from(additions).orderBy(asc(additions.type), asc(additions.id));
      return rows.map(additionView);
    },

    async saveAddition(actor: SettingsActor, input: AdditionEditorInput, existing: { id: number; version: string } | null): Promise<AdditionEditorView> {
      return db.transaction(async (tx) => {
        const shop = shopOf(await lockedOrganisation(tx));
        const columns = { type: input.type, amountCents: editorCents(input.amount), texts: cleanTexts(input.texts, shop, { html: [], required: 'name' }) };
        if (!existing) {
          const [row] = await tx.insert(additions).values(columns).returning();
          const after = additionView(row!);
          await recordAudit(tx, { staffId: actor.staffId, action: 'addition.create', entity: 'addition', entityId: row!.id, before: null, after });
          return after;
        }
        const [current] = await tx.select().from(additions).where(eq(additions.id, existing.id)).for('update');
        if (!current) throw notFound('No such addition');
        if (contentVersion(current) !== existing.version) throw staleEdit('addition');
        const [row] = await tx.update(additions).set(columns).where(eq(additions.id, existing.id)).returning();
        const after = additionView(row!);
        await recordAudit(tx, {
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

    async deleteAddition(actor: SettingsActor, id: number, version: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(additions).where(eq(additions.id, id)).for('update');
        if (!current) throw notFound('No such addition');
        if (contentVersion(current) !== version) throw staleEdit('addition');
        await tx.delete(additions).where(eq(additions.id, id));
        await recordAudit(tx, {
          staffId: actor.staffId,
          action: 'addition.delete',
          entity: 'addition',
          entityId: id,
          before: additionView(current),
          after: null,
        });
      });
    },

    /* FAQ */

    async listQuestions(): Promise<FaqQuestionEditorView[]> {
      const rows = await db.select().from(faqQuestions).orderBy(asc(faqQuestions.sort), asc(faqQuestions.id));
      return rows.map(questionView);
    },

    async saveQuestion(actor: SettingsActor, input: FaqQuestionEditorInput, existing: { id: number; version: string } | null): Promise<FaqQuestionEditorView> {
      return db.transaction(async (tx) => {
        const shop = shopOf(await lockedOrganisation(tx));
        const texts = cleanTexts(input.texts, shop, { html: ['answer'], required: 'question' });
        const columns = { sort: input.sort, texts };
        if (!existing) {
          const [row] = await tx.insert(faqQuestions).values(columns).returning();
          const after = questionView(row!);
          await recordAudit(tx, { staffId: actor.staffId, action: 'faq_question.create', entity: 'faq_question', entityId: row!.id, before: null, after });
          return after;
        }
        const [current] = await tx.select().from(faqQuestions).where(eq(faqQuestions.id, existing.id)).for('update');
        if (!current) throw notFound('No such question');
        if (contentVersion(current) !== existing.version) throw staleEdit('question');
        const [row] = await tx.update(faqQuestions).set(columns).where(eq(faqQuestions.id, existing.id)).returning();
        const after = questionView(row!);
        await recordAudit(tx, {
          staffId: actor.staffId,
          action: 'faq_question.update',
          entity: 'faq_question',
          entityId: existing.id,
          before: questionView(current),
          after,
        });
        return after;
      });
    },

    async deleteQuestion(actor: SettingsActor, id: number, version: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(faqQuestions).where(eq(faqQuestions.id, id)).for('update');
        if (!current) throw notFound('No such question');
        if (contentVersion(current) !== version) throw staleEdit('question');
        await tx.delete(faqQuestions).where(eq(faqQuestions.id, id));
        await recordAudit(tx, {
          staffId: actor.staffId,
          action: 'faq_question.delete',
          entity: 'faq_question',
          entityId: id,
          before: questionView(current),
          after: null,
        });
      });
    },

    async getContact(): Promise<FaqContactView> {
      return contactView(await readOrganisation());
    },

    async updateContact(actor: SettingsActor, version: string, input: FaqContactInput): Promise<FaqContactView> {
      return db.transaction(async (tx) => {
        const before = await lockedOrganisation(tx);
        if (contactView(before).version !== version) throw staleEdit('contact details');
        const [row] = await tx
          .update(organisations)
          .set({
            faqEnabled: input.faq_enabled,
            phoneNumber: input.phone_number === '' ? null : input.phone_number,
            email: input.email,
            whatsappUrl: input.whatsapp_url,
            openingHoursUrl: input.opening_hours_url,
          })
          .where(eq(organisations.id, before.id))
          .returning();
        const after = contactView(row!);
        await recordAudit(tx, {
          staffId: actor.staffId,
          action: 'faq_contact.update',
          entity: 'organisation',
          entityId: before.id,
          before: contactView(before),
          after,
        });
        return after;
      });
    },
  };
}

export type SettingsEditorService = ReturnType<typeof createSettingsEditorService>;
