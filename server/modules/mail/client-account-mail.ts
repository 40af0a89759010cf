/**
 * The mails of a shopper's own account actions: the sign-up's confirmation link, the answer to a
 * sign-up with an address that has an account already, and the "forgot password" link. Whether an
 * address has an account is said only here, to the owner of the address, never to whoever asked.
 */
import { translate, type Language } from '../../../src/domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { defaultLanguageOf, findOrganisation } from '../organisation/index.ts';
import { CLIENT_ACCOUNT_MAIL_TEXTS } from './client-account-mail.texts.ts';
import { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
import { plainName } from './plain-name.ts';

export type ClientAccountMailKind = 'signUp' | 'existing' | 'reset';

export interface ClientAccountMail {
  kind: ClientAccountMailKind;
  language: Language;
  recipient: string;
  name: string;
  shopName: string;
  link: string;
  validHours: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Subject, plain text and HTML; pure, so the wording is testable without a database. */
export function renderClientAccountMail(mail: ClientAccountMail): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = CLIENT_ACCOUNT_MAIL_TEXTS[mail.language];
  const { subject, intro, action } = texts[mail.kind];
  const text = [
    texts.greeting(mail.name),
    '',
    intro,
    '',
    `${action}: ${mail.link}`,
    texts.validFor(mail.validHours),
    '',
    texts.notYou,
    '',
    texts.closing,
    mail.shopName,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${mail.language}"><body>
<p>${escapeHtml(texts.greeting(mail.name))}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(mail.link)}">${escapeHtml(action)}</a><br>${escapeHtml(texts.validFor(mail.validHours))}</p>
<p>${escapeHtml(texts.notYou)}</p>
<p>${escapeHtml(texts.closing)}<br>${escapeHtml(mail.shopName)}</p>
</body></html>`;
  return { subject: mail.shopName ? `${subject} — ${mail.shopName}` : subject, text, html };
}

export async function enqueueClientAccountMail(
  executor: Executor,
  mail: { kind: ClientAccountMailKind; language: Language; recipient: string; firstName: string; lastName: string; link: string; validHours: number },
): Promise<void> {
  const organisation = await findOrganisation(executor);
  const shopName = (organisation && translate(organisation.texts, mail.language, defaultLanguageOf(organisation)).name) || '';
  const rendered = renderClientAccountMail({ ...mail, name: plainName(mail.firstName, mail.lastName), shopName });
  await enqueueMail(executor, { kind: `client-${mail.kind}`, recipient: mail.recipient, ...rendered });
}
