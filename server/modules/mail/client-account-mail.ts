/**
 * The mails of a shopper's own account actions: the sign-up's confirmation link, the answer to a
 * sign-up with an address that has an account already, and the "forgot password" link. Whether an
 * address has an account is said only here, to the owner of the address, never to whoever asked.
 */
import { translate, type Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { defaultLanguageOf, findOrganisation } from '../organisation/index.ts';
import { CLIENT_ACCOUNT_MAIL_TEXTS } from './client-account-mail.texts.ts';
import { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
import { renderLinkMail } from './link-mail.ts';
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

/** Subject, plain text and HTML; pure, so the wording is testable without a database. */
export function renderClientAccountMail(mail: ClientAccountMail): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = CLIENT_ACCOUNT_MAIL_TEXTS[mail.language];
  const words = {
    ...texts[mail.kind],
    greeting: texts.greeting(mail.name),
    validFor: texts.validFor(mail.validHours),
    notYou: texts.notYou,
    closing: texts.closing,
  };
  return renderLinkMail(mail.language, words, mail.link, mail.shopName);
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
