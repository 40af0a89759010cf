/** Queries behind GET /api/faq. */
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { faqQuestions, organisations } from '../../db/schema/index.ts';

export type FaqQuestionRow = typeof faqQuestions.$inferSelect;

/** The FAQ and contact settings of the shop's one organisation. */
export async function findFaqSettings(db: Executor) {
  const [row] = await db
    .select({
      defaultLanguage: organisations.defaultLanguage,
      languages: organisations.languages,
      faqEnabled: organisations.faqEnabled,
      phoneNumber: organisations.phoneNumber,
      email: organisations.email,
      whatsappUrl: organisations.whatsappUrl,
      openingHoursUrl: organisations.openingHoursUrl,
      rebookingAllowed: organisations.rebookingAllowed,
      rebookingSecret: organisations.rebookingSecret,
    })
    .from(organisations)
    .orderBy(organisations.id)
    .limit(1);
  return row;
}

export type FaqSettingsRow = NonNullable<Awaited<ReturnType<typeof findFaqSettings>>>;

export function listFaqQuestions(db: Executor): Promise<FaqQuestionRow[]> {
  return db.select().from(faqQuestions).orderBy(asc(faqQuestions.sort), asc(faqQuestions.id));
}
