/** FAQ rows → `Faq`. Answers are HTML, sanitised here. */
import type { Faq, FaqQuestion } from '#domain/contracts/faq.ts';
import { translate, type Language } from '#domain/languages.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import type { FaqQuestionRow, FaqSettingsRow } from './faq.repo.ts';

export function toFaqQuestion(row: FaqQuestionRow, language: Language, fallback: Language): FaqQuestion {
  const texts = translate(row.texts, language, fallback);
  return { id: row.id, question: texts.question ?? '', answer: sanitizeHtml(texts.answer) ?? '' };
}

export function toFaq(settings: FaqSettingsRow, questions: FaqQuestionRow[], language: Language): Faq {
  return {
    faq_enabled: settings.faqEnabled,
    // A disabled FAQ page is never shown: its questions are not sent either.
    questions: settings.faqEnabled ? questions.map((row) => toFaqQuestion(row, language, settings.defaultLanguage)) : [],
    phone_number: settings.phoneNumber,
    email: settings.email,
    whatsapp_url: settings.whatsappUrl,
    opening_hours_url: settings.openingHoursUrl,
    rebooking_allowed: settings.rebookingAllowed,
    // The secret opens /rebook/{secret}; where rebooking is off it stays on the server.
    rebooking_secret: settings.rebookingAllowed ? settings.rebookingSecret : null,
  };
}
