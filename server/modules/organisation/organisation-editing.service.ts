/**
 * The back office's editing of the shop's organisation row: its settings (owner only) and the FAQ's
 * switch and contact details (the support cards). A save is ONE transaction that reads the row
 * locked, refuses a stale edit (content-version.ts), writes, and records its audit row (`audit`, the
 * staff module's recordAudit). Writes to organisations move the catalogue version (statement triggers
 * of migration 0011), so checkouts priced earlier see the change; the storefront's cached answers
 * follow within CATALOGUE_CACHE_MS.
 */
import { normaliseVatId, validVatId } from '#domain/vat-id.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FaqContactInput, FaqContactView, OrganisationSettingsInput, OrganisationSettingsView } from '#domain/backoffice/settings-editor.ts';
import { isKnownCurrency, isKnownTimezone, themeColourReadable } from '#domain/backoffice/settings-editor.ts';
import type { Language } from '#domain/languages.ts';
import type { Database, Executor } from '../../db/client.ts';
import { organisations } from '../../db/schema/index.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { StaffActor, StaffAudit } from '../../staff-audit.ts';
import { contentVersion, staleContent } from './content-version.ts';
import { findOrganisation, type OrganisationRow } from './organisation.repo.ts';
import { cleanTexts, shopLanguages } from './shop-texts.ts';

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
    legal_name: row.legalName,
    address: row.address,
    vat_id: row.vatId,
    invoice_due_days: row.invoiceDueDays,
  };
  // Over what this editor shows only: a change of the contact details does not make it stale.
  return { version: contentVersion(settings), ...settings };
}

function contactView(row: OrganisationRow): FaqContactView {
  const contact = {
    faq_enabled: row.faqEnabled,
    phone_number: row.phoneNumber,
    email: row.email,
    whatsapp_url: row.whatsappUrl,
    opening_hours_url: row.openingHoursUrl,
  };
  return { version: contentVersion(contact), ...contact };
}

async function lockedOrganisation(tx: Executor): Promise<OrganisationRow> {
  const [row] = await tx.select().from(organisations).orderBy(organisations.id).limit(1).for('update');
  if (!row) throw notFound('The shop is not set up yet');
  return row;
}

export function createOrganisationEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  async function readOrganisation(): Promise<OrganisationRow> {
    const row = await findOrganisation(db);
    if (!row) throw notFound('The shop is not set up yet');
    return row;
  }

  return {
    /** The organisation's catalogue languages (every editor shows one text tab per language). */
    async languages(): Promise<{ languages: Language[]; default_language: Language }> {
      const shop = await shopLanguages(db);
      return { languages: [...shop.languages], default_language: shop.defaultLanguage };
    },

    async getSettings(): Promise<OrganisationSettingsView> {
      return settingsView(await readOrganisation());
    },

    async updateSettings(actor: StaffActor, version: string, input: OrganisationSettingsInput): Promise<OrganisationSettingsView> {
      if (!themeColourReadable(input.theme_colour))
        throw new AppError('THEME_COLOUR_UNREADABLE', 400, 'Neither white nor dark text reads on this colour (WCAG AA 4.5:1); pick a lighter or darker one', {
          fields: { theme_colour: 'unreadable' },
        });
      if (!isKnownTimezone(input.timezone))
        throw new AppError('TIMEZONE_UNKNOWN', 400, 'This is not an IANA timezone (e.g. Europe/Amsterdam)', { fields: { timezone: 'unknown' } });
      if (!isKnownCurrency(input.currency)) throw validationFailed({ currency: 'unknown' }, 'This is not an ISO 4217 currency');
      return db.transaction(async (tx) => {
        const before = await lockedOrganisation(tx);
        if (settingsView(before).version !== version) throw staleContent('shop settings');
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
            // The seller's details on documents (left out: unchanged; an empty text: none).
            ...(input.legal_name === undefined ? {} : { legalName: input.legal_name || null }),
            ...(input.address === undefined ? {} : { address: input.address || null }),
            ...(input.vat_id === undefined ? {} : { vatId: sellerVatId(input.vat_id) }),
            ...(input.invoice_due_days === undefined ? {} : { invoiceDueDays: input.invoice_due_days }),
          })
          .where(eq(organisations.id, before.id))
          .returning();
        const after = settingsView(row!);
        // The rebooking secret is a credential: it stays out of the audit log (as do hashes and TOTP secrets).
        await audit(tx, {
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

    async getContact(): Promise<FaqContactView> {
      return contactView(await readOrganisation());
    },

    async updateContact(actor: StaffActor, version: string, input: FaqContactInput): Promise<FaqContactView> {
      return db.transaction(async (tx) => {
        const before = await lockedOrganisation(tx);
        if (contactView(before).version !== version) throw staleContent('contact details');
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
        await audit(tx, {
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

export type OrganisationEditing = ReturnType<typeof createOrganisationEditing>;

/** The seller's VAT number as documents print it, or VAT_ID_INVALID when it is not in its country's format. */
function sellerVatId(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  if (!validVatId(value)) throw new AppError('VAT_ID_INVALID', 400, 'This is not an EU VAT number in its country’s format', { fields: { vat_id: 'vat_id' } });
  return normaliseVatId(value);
}
