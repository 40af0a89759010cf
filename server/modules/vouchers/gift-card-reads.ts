/**
 * The reads of an issued gift card: the balance check (GET /api/voucher/check/{code}) and the
 * printable page (GET /api/gift-cards/{hash}, the secret link of the buyer's mail, with the code as
 * a QR code rendered here as SVG so the storefront ships no QR library).
 *
 * The balance check answers "no such code" and "not a code at all" alike (404 VOUCHER_NOT_FOUND,
 * after the same lookup; a spent card answers its 0.00 credit left), under the one
 * code-guessing rule (security/code-guessing.ts) that simulations, orders and the coupon preview
 * follow too; where the captcha is on, a shopper past the limit may go on with a solved captcha.
 */
import { eq } from 'drizzle-orm';
import type QRCodeModule from 'qrcode';
import { lazyModule } from '../../lazy-module.ts';
import type { GiftCardPage, VoucherCheck } from '#domain/contracts/vouchers.ts';
import { normaliseGiftCardCode } from '#domain/gift-card-code.ts';
import { translate, type Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Database } from '../../db/client.ts';
import { giftCards, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { CodeGuessing } from '../../security/code-guessing.ts';
import { findOrganisation, answerLanguage, defaultLanguageOf, loadShopLocale } from '../organisation/index.ts';

const qrcode = lazyModule<typeof QRCodeModule>('qrcode');

const notFound = () => new AppError('VOUCHER_NOT_FOUND', 404, 'Voucher not found');

export interface GiftCardReadsDeps {
  db: Database;
  codes: Pick<CodeGuessing, 'check'>;
}

export function createGiftCardReads({ db, codes }: GiftCardReadsDeps) {
  return {
    /**
     * Past the guessing limit, where security is on, the answer is the captcha (403 SECURITY_…) and
     * a verified token lets this one check through; elsewhere 429 RATE_LIMITED.
     */
    async check(typed: string, address: string | null, captcha?: string | null): Promise<VoucherCheck> {
      // A malformed code is looked up all the same (as a code no card has), so it answers alike.
      const code = normaliseGiftCardCode(typed) ?? '';
      return codes.check([code], { address, captcha }, async () => {
        const [card] = await db
          .select({ code: giftCards.code, creditCents: giftCards.creditCents, expiresOn: giftCards.expiresOn })
          .from(giftCards)
          .where(eq(giftCards.code, code))
          .limit(1);
        // A spent card is still a card: it answers what is left of it (0.00), not "not found".
        if (!card) throw notFound();
        return { code: card.code, credit: toAmount(card.creditCents), expiration: card.expiresOn };
      });
    },

    async page(hash: string, requested: Language | null): Promise<GiftCardPage> {
      if (!/^[0-9a-f]{32}$/.test(hash)) throw notFound();
      const [card] = await db
        .select({ card: giftCards, texts: vouchers.texts })
        .from(giftCards)
        .leftJoin(vouchers, eq(vouchers.id, giftCards.voucherId))
        .where(eq(giftCards.pageHash, hash))
        .limit(1);
      if (!card) throw notFound();
      const [locale, organisation] = await Promise.all([loadShopLocale(db), findOrganisation(db)]);
      const language = answerLanguage(requested, locale);
      const fallback = defaultLanguageOf(organisation);
      const qr = await qrcode().toString(card.card.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        code: card.card.code,
        credit: toAmount(card.card.creditCents),
        value: toAmount(card.card.valueCents ?? card.card.creditCents),
        expiration: card.card.expiresOn,
        title: (card.texts && translate(card.texts, language, fallback).title) || '',
        shop: (organisation && translate(organisation.texts, language, fallback).name) || '',
        qr,
      };
    },
  };
}

export type GiftCardReads = ReturnType<typeof createGiftCardReads>;
