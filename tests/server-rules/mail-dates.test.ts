import { describe, expect, it } from 'vitest';
import { renderGiftCardMail } from '../../server/modules/mail/gift-card-mail.ts';
import { renderSubscriptionMail } from '../../server/modules/mail/subscription-mail.ts';
import { renderWaitlistOffer } from '../../server/modules/mail/waitlist-mail.ts';
import { formatDay, formatMoment, formatVisit } from '#domain/date-text.ts';
import { LANGUAGES } from '#domain/languages.ts';

describe('mails write dates as the storefront does', () => {
  it.each(LANGUAGES)('subscription and gift-card mails in %s', (language) => {
    const expected = formatDay('2027-11-26', language);
    const subscription = renderSubscriptionMail({
      kind: 'confirmation',
      language,
      recipient: 'ada@example.test',
      name: 'Ada',
      shopName: 'Zoo',
      title: 'Family pass',
      passes: [],
      expiration: '2027-11-26',
      renewLink: 'https://shop.example/renew/x',
    });
    const giftCard = renderGiftCardMail({
      language,
      recipient: 'ada@example.test',
      name: 'Ada',
      shopName: 'Zoo',
      currency: 'EUR',
      publicUrl: 'https://shop.example',
      cards: [{ code: 'GIFT-1', valueCents: 2500, expiresOn: '2027-11-26', pageHash: 'h' }],
    });
    expect(subscription.text).toContain(expected);
    expect(giftCard.text).toContain(expected);
  });
});

describe('the waiting-list offer (issue 38 item 5)', () => {
  it.each(LANGUAGES)('names the product, the slot as every other mail writes it and until when the places are held, in %s', (language) => {
    const holdEnds = new Date('2026-12-15T07:30:00Z');
    const mail = renderWaitlistOffer({
      language,
      recipient: 'ada@example.test',
      shopName: 'Zoo',
      productName: 'Penguin feeding',
      date: '2026-12-15',
      start: '09:00',
      end: '09:30',
      quantity: 2,
      holdEnds,
      timezone: 'Europe/Amsterdam',
      link: 'https://shop.example/waitlist/t',
    });
    const slot = formatVisit('2026-12-15', { start: '09:00', end: '09:30' }, language);
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain('Penguin feeding');
      expect(text).toContain(slot);
      expect(text).toContain(formatMoment(holdEnds, language, 'Europe/Amsterdam'));
    }
    expect(mail.text).not.toContain('2026-12-15');
  });
});
