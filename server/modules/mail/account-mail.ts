/**
 * The mail an anonymous purchase that comes with an account sends to its e-mail address, written to
 * the outbox in the checkout's transaction: for a new account, the link that confirms the address
 * (and makes the password chosen at the order the account's); for an address that has an account
 * already, a sign-in link and word that the purchase is on it. The purchaser is answered the same
 * in both cases, so the shop never tells a stranger which addresses have accounts.
 */
import { translate, type Language } from '../../../src/domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { defaultLanguageOf, findOrganisation } from '../organisation/index.ts';
import { ACCOUNT_MAIL_TEXTS } from './account-mail.texts.ts';
import { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
import { plainName } from './plain-name.ts';

export interface AccountMail {
  kind: 'confirm' | 'existing';
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
export function renderAccountMail(mail: AccountMail): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = ACCOUNT_MAIL_TEXTS[mail.language];
  const confirm = mail.kind === 'confirm';
  const intro = confirm ? texts.introConfirm : texts.introExisting;
  const action = confirm ? texts.confirm : texts.signIn;
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
  const subject = `${confirm ? texts.subjectConfirm : texts.subjectExisting} — ${mail.shopName}`;
  return { subject, text, html };
}

export async function enqueueAccountMail(
  executor: Executor,
  mail: { kind: AccountMail['kind']; language: Language; recipient: string; firstName: string; lastName: string; link: string; validHours: number },
): Promise<void> {
  const organisation = await findOrganisation(executor);
  const shopName = (organisation && translate(organisation.texts, mail.language, defaultLanguageOf(organisation)).name) || '';
  const rendered = renderAccountMail({ ...mail, name: plainName(mail.firstName, mail.lastName), shopName });
  await enqueueMail(executor, { kind: `account-${mail.kind}`, recipient: mail.recipient, ...rendered });
}
