/**
 * When a voucher order is paid, each voucher bought becomes a gift card: a new code (gift-card-codes.ts),
 * its credit the value's price, its expiry from the voucher's validity days (counted from today in the
 * organisation's timezone). A settlement fulfilment (checkout/settlement.ts): it runs in the
 * transaction that marks the payment paid, under the payment's lock, so a duplicated or reordered
 * payment notice issues nothing more; each card is also unique on (order line, serial), so even a
 * second call issues no second set. The buyer's mail (mail/gift-card-mail.ts) is written with them.
 */
import { inArray } from 'drizzle-orm';
import { translate } from '#domain/languages.ts';
import { addDays } from '#domain/plot-query.ts';
import type { Executor } from '../../db/client.ts';
import { giftCards, vouchers, type OrderRecord } from '../../db/schema/index.ts';
import { shopMoment } from '../../shop-time.ts';
import type { CheckoutFulfilment } from '../checkout/index.ts';
import { enqueueGiftCardMail, type MailedGiftCard } from '../mail/index.ts';
import { findOrganisation, defaultLanguageOf } from '../organisation/index.ts';
import { newGiftCardCode, newGiftCardPageHash } from './gift-card-codes.ts';
import { voucherLinesOf } from './voucher-order.repo.ts';

export function createGiftCardIssue({ publicUrl }: { publicUrl: string }): CheckoutFulfilment {
  return {
    async fulfil(db: Executor, orders: readonly OrderRecord[], now: Date): Promise<void> {
      const paid = orders.filter((order) => order.kind === 'VOUCHER' && order.status === 'PAID' && order.voucherId !== null);
      if (paid.length === 0) return;
      const organisation = await findOrganisation(db);
      const today = shopMoment(now, organisation?.timezone ?? 'Europe/Amsterdam').date;
      const voucherRows = await db
        .select({ id: vouchers.id, validityDays: vouchers.validityDays })
        .from(vouchers)
        .where(inArray(vouchers.id, [...new Set(paid.map((order) => order.voucherId as number))]));
      const lines = await voucherLinesOf(
        db,
        paid.map((order) => order.id),
      );
      for (const order of paid) {
        const validityDays = voucherRows.find((row) => row.id === order.voucherId)?.validityDays ?? null;
        const expiresOn = validityDays === null ? null : addDays(today, validityDays);
        const wanted = lines
          .filter((line) => line.orderId === order.id)
          .flatMap((line) =>
            Array.from({ length: line.quantity }, (_, serial) => ({
              code: newGiftCardCode(),
              voucherId: order.voucherId,
              creditCents: line.unitPriceCents,
              valueCents: line.unitPriceCents,
              expiresOn,
              orderId: order.id,
              orderLineId: line.id,
              serial,
              pageHash: newGiftCardPageHash(),
            })),
          );
        if (wanted.length === 0) continue;
        const issued: MailedGiftCard[] = await db
          .insert(giftCards)
          .values(wanted)
          .onConflictDoNothing({ target: [giftCards.orderLineId, giftCards.serial] })
          .returning({ code: giftCards.code, valueCents: giftCards.creditCents, expiresOn: giftCards.expiresOn, pageHash: giftCards.pageHash })
          .then((rows) => rows.map((row) => ({ ...row, pageHash: row.pageHash ?? '' })));
        const fallback = defaultLanguageOf(organisation);
        await enqueueGiftCardMail(db, {
          language: order.language,
          recipient: order.customer.email,
          name: [order.customer.first_name, order.customer.last_name].filter(Boolean).join(' '),
          shopName: (organisation && translate(organisation.texts, order.language, fallback).name) || '',
          currency: order.currency,
          publicUrl,
          cards: issued,
        });
      }
    },
  };
}
