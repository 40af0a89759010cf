/** The organisation row, its additions (fees) and its FAQ. */
import type { Executor } from '../client.ts';
import { additions, faqQuestions, organisations } from '../schema/index.ts';
import { FAQ_TEXTS } from './texts/faq.ts';
import { BOOKING_FEE_TEXTS, ORGANISATION_TEXTS, REBOOKING_FEE_TEXTS } from './texts/organisation.ts';

export const DEMO_TIMEZONE = 'Europe/Amsterdam';

/**
 * The demo shop has security off. CAPTCHA_SITE_KEY, when set as the shop is first seeded, becomes
 * its reCAPTCHA site key and turns security on (a captcha demo, the e2e `security` project); the
 * server challenges only when CAPTCHA_SECRET is set as well (server/security/security-rules.ts).
 */
function demoCaptchaSiteKey(): string | null {
  return process.env.CAPTCHA_SITE_KEY?.trim() || null;
}

export async function seedOrganisation(db: Executor): Promise<void> {
  const captchaSiteKey = demoCaptchaSiteKey();
  await db.insert(organisations).values({
    texts: ORGANISATION_TEXTS,
    currency: 'EUR',
    timezone: DEMO_TIMEZONE,
    themeColour: '1abc9c',
    defaultLanguage: 'en',
    languages: ['en', 'nl', 'es', 'de', 'fr'],
    logo: '/images/logo.svg',
    allowShoppingCart: true,
    allowBusiness: true,
    businessFields: [
      { type: 'COMPANY', invoice: true },
      { type: 'VAT_ID', invoice: true },
      { type: 'ADDRESS', invoice: false },
      { type: 'ZIPCODE', invoice: false },
      { type: 'CITY', invoice: false },
    ],
    securityEnabled: captchaSiteKey !== null,
    captchaSiteKey,
    faqEnabled: true,
    phoneNumber: '+31 20 123 4567',
    email: 'hello@tidewater.example',
    whatsappUrl: 'https://wa.me/31201234567',
    openingHoursUrl: 'https://tidewater.example/opening-hours',
    rebookingAllowed: true,
    rebookingSecret: 'tidewater-rebook',
    holdMinutes: 15,
    notificationEmail: 'office@tidewater.example',
    legalName: 'Tidewater Zoo & Aquarium B.V.',
    address: 'Havenkade 1\n1011 AB Amsterdam\nNederland',
    vatId: 'NL123456789B01',
    invoiceDueDays: 14,
  });

  await db.insert(additions).values([
    { amountCents: 100, type: 0, texts: BOOKING_FEE_TEXTS },
    { amountCents: 250, type: 1, texts: REBOOKING_FEE_TEXTS },
  ]);

  await db.insert(faqQuestions).values(FAQ_TEXTS.map((texts, index) => ({ sort: index + 1, texts })));
}
