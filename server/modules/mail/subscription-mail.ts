/**
 * The subscription mails, written to the outbox in the transaction that causes them: the
 * confirmation when a subscription order is paid (its passes, the expiry and the renewal link) and
 * the reminder a number of days before expiry. In the shopper's language.
 */
import { formatDay } from '#domain/date-text.ts';
import type { Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { enqueueMail } from './outbox.repo.ts';
import { SUBSCRIPTION_MAIL_TEXTS } from './subscription-mail.texts.ts';

export interface SubscriptionMail {
  kind: 'confirmation' | 'reminder';
  language: Language;
  recipient: string;
  name: string;
  shopName: string;
  title: string;
  /** "Adult: Ada Lovelace" lines. */
  passes: string[];
  /** YYYY-MM-DD, or null for a pass that never expires. */
  expiration: string | null;
  renewLink: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Subject, plain text and HTML; pure, so the wording is testable without a database. */
export function renderSubscriptionMail(mail: SubscriptionMail) {
  const texts = SUBSCRIPTION_MAIL_TEXTS[mail.language];
  const intro = mail.kind === 'confirmation' ? texts.introConfirmed : texts.introReminder;
  const expires = mail.expiration ? texts.expires(formatDay(mail.expiration, mail.language)) : null;
  const text = [
    texts.greeting(mail.name),
    '',
    intro,
    '',
    mail.title,
    ...(expires ? [expires] : []),
    ...(mail.passes.length > 0 ? [`${texts.passes}:`, ...mail.passes.map((line) => `  ${line}`)] : []),
    '',
    `${texts.renew}: ${mail.renewLink}`,
    '',
    texts.closing,
    mail.shopName,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${mail.language}"><body>
<p>${escapeHtml(texts.greeting(mail.name))}</p>
<p>${escapeHtml(intro)}</p>
<h2>${escapeHtml(mail.title)}</h2>
${expires ? `<p>${escapeHtml(expires)}</p>` : ''}
${mail.passes.length > 0 ? `<p>${escapeHtml(texts.passes)}</p><ul>${mail.passes.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(mail.renewLink)}">${escapeHtml(texts.renew)}</a></p>
<p>${escapeHtml(texts.closing)}<br>${escapeHtml(mail.shopName)}</p>
</body></html>`;
  const subject = `${mail.kind === 'confirmation' ? texts.subjectConfirmed : texts.subjectReminder} — ${mail.shopName}`;
  return { subject, text, html };
}

export async function enqueueSubscriptionMail(executor: Executor, mail: SubscriptionMail): Promise<void> {
  if (!mail.recipient) return;
  await enqueueMail(executor, { kind: `subscription-${mail.kind}`, recipient: mail.recipient, ...renderSubscriptionMail(mail) });
}
