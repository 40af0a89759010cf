/**
 * The mail an anonymous purchase that comes with an account sends to its e-mail address, written to
 * the outbox in the checkout's transaction: for a new account, the link that confirms the address
 * (and makes the password chosen at the order the account's); for an address that has an account
 * already, a sign-in link and word that the purchase is on it. The purchaser is answered the same
 * in both cases, so the shop never tells a stranger which addresses have accounts.
 */
import { translate, type Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { defaultLanguageOf, findOrganisation } from '../organisation/index.ts';
import { ACCOUNT_MAIL_TEXTS } from './account-mail.texts.ts';
import { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
import { renderLinkMail } from './link-mail.ts';
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

/** Subject, plain text and HTML; pure, so the wording is testable without a database. */
export function renderAccountMail(mail: AccountMail): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = ACCOUNT_MAIL_TEXTS[mail.language];
  const confirm = mail.kind === 'confirm';
  const words = {
    subject: confirm ? texts.subjectConfirm : texts.subjectExisting,
    greeting: texts.greeting(mail.name),
    intro: confirm ? texts.introConfirm : texts.introExisting,
    action: confirm ? texts.confirm : texts.signIn,
    validFor: texts.validFor(mail.validHours),
    notYou: texts.notYou,
    closing: texts.closing,
  };
  return renderLinkMail(mail.language, words, mail.link, mail.shopName);
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
