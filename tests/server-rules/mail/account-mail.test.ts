/**
 * The account mail of an anonymous purchase (server/modules/mail/account-mail.ts), without a database:
 * in every shop language it carries the one-time link, how long it works and what to do when the
 * order was not yours; a new account's mail asks to confirm, a taken address's says the password stayed.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#domain/languages.ts';
import { renderAccountMail, type AccountMail } from '../../../server/modules/mail/account-mail.ts';
import { ACCOUNT_MAIL_TEXTS } from '../../../server/modules/mail/account-mail.texts.ts';

const LINK = 'https://shop.example/client/login?token=abc_DEF-123';
const mail = (kind: AccountMail['kind'], language: AccountMail['language']): AccountMail => ({
  kind,
  language,
  recipient: 'ada@example.test',
  name: 'Ada',
  shopName: 'Tidewater',
  link: LINK,
  validHours: 72,
});

describe('the account mail', () => {
  it.each(LANGUAGES)('in %s carries the link, its lifetime and the not-you line, as text and HTML', (language) => {
    const texts = ACCOUNT_MAIL_TEXTS[language];
    for (const kind of ['confirm', 'existing'] as const) {
      const rendered = renderAccountMail(mail(kind, language));
      expect(rendered.text).toContain(LINK);
      expect(rendered.html).toContain(`href="${LINK}"`);
      expect(rendered.text).toContain(texts.validFor(72));
      expect(rendered.text).toContain(texts.notYou);
      expect(rendered.subject).toContain('Tidewater');
    }
    expect(renderAccountMail(mail('confirm', language)).text).toContain(texts.introConfirm);
    expect(renderAccountMail(mail('existing', language)).text).toContain(texts.introExisting);
    expect(renderAccountMail(mail('confirm', language)).subject).not.toBe(renderAccountMail(mail('existing', language)).subject);
  });

  it('escapes the texts it is given in the HTML', () => {
    const rendered = renderAccountMail({ ...mail('confirm', 'en'), shopName: '<b>Shop</b>' });
    expect(rendered.html).toContain('&lt;b&gt;Shop&lt;/b&gt;');
    expect(rendered.html).not.toContain('<b>Shop</b>');
  });
});
