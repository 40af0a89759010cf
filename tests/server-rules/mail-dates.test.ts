import { describe, expect, it } from 'vitest';
import { renderGiftCardMail } from '../../server/modules/mail/gift-card-mail.ts';
import { renderSubscriptionMail } from '../../server/modules/mail/subscription-mail.ts';
import { formatDay } from '#domain/date-text.ts';
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
