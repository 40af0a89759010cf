/**
 * The gift card mail: one per paid voucher order, written to the outbox in the transaction that
 * issued its cards (server/modules/vouchers/gift-card-issue.ts), so it exists exactly when they do.
 * In the order's language: each code, its value and expiry, and the link to its printable page.
 */
import { formatDay } from '#domain/date-text.ts';
import type { Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Executor } from '../../db/client.ts';
import { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
import { GIFT_CARD_TEXTS } from './gift-card.texts.ts';

export interface MailedGiftCard {
  code: string;
  valueCents: number;
  /** YYYY-MM-DD; null: non-expiring. */
  expiresOn: string | null;
  pageHash: string;
}

export interface GiftCardMail {
  language: Language;
  recipient: string;
  name: string;
  shopName: string;
  currency: string;
  publicUrl: string;
  cards: MailedGiftCard[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export const giftCardPageLink = (publicUrl: string, pageHash: string) => `${publicUrl}/gift-card/${pageHash}`;

/** Plain text and HTML of the mail; pure, so the wording is testable without a database. */
export function renderGiftCardMail(mail: GiftCardMail): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = GIFT_CARD_TEXTS[mail.language];
  const money = (cents: number) => new Intl.NumberFormat(mail.language, { style: 'currency', currency: mail.currency }).format(toAmount(cents));
  const day = (date: string) => formatDay(date, mail.language);
  const expiry = (card: MailedGiftCard) => (card.expiresOn === null ? texts.nonExpiring : texts.validUntil(day(card.expiresOn)));
  const text = [
    texts.greeting(mail.name),
    '',
    texts.intro(mail.cards.length),
    '',
    ...mail.cards.flatMap((card) => [
      `${texts.code}: ${card.code}`,
      `${texts.value}: ${money(card.valueCents)}`,
      expiry(card),
      `${texts.print}: ${giftCardPageLink(mail.publicUrl, card.pageHash)}`,
      '',
    ]),
    texts.howToUse,
    '',
    texts.closing,
    mail.shopName,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${mail.language}"><body>
<p>${escapeHtml(texts.greeting(mail.name))}</p>
<p>${escapeHtml(texts.intro(mail.cards.length))}</p>
${mail.cards
  .map(
    (card) => `<p><strong>${escapeHtml(texts.code)}: <code>${escapeHtml(card.code)}</code></strong><br>
${escapeHtml(texts.value)}: ${escapeHtml(money(card.valueCents))}<br>
${escapeHtml(expiry(card))}<br>
<a href="${escapeHtml(giftCardPageLink(mail.publicUrl, card.pageHash))}">${escapeHtml(texts.print)}</a></p>`,
  )
  .join('\n')}
<p>${escapeHtml(texts.howToUse)}</p>
<p>${escapeHtml(texts.closing)}<br>${escapeHtml(mail.shopName)}</p>
</body></html>`;
  return { subject: `${texts.subject} — ${mail.shopName}`, text, html };
}

export async function enqueueGiftCardMail(executor: Executor, mail: GiftCardMail): Promise<void> {
  if (!mail.recipient || mail.cards.length === 0) return;
  await enqueueMail(executor, { kind: 'gift-cards', recipient: mail.recipient, ...renderGiftCardMail(mail) });
}
