/** The FAQ page: questions, contact details and the rebooking entry. */
import type { Faq } from '#domain/contracts/faq.ts';
import type { Language } from '#domain/languages.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { answerLanguage } from '../organisation/index.ts';
import { toFaq } from './faq.mapper.ts';
import { findFaqSettings, listFaqQuestions } from './faq.repo.ts';

export function createFaqService({ db }: { db: Database }) {
  return {
    async getFaq(requested: Language | null): Promise<Faq> {
      const [settings, questions] = await Promise.all([findFaqSettings(db), listFaqQuestions(db)]);
      if (!settings) throw notFound('The shop is not set up yet');
      return toFaq(settings, questions, answerLanguage(requested, settings));
    },
  };
}
