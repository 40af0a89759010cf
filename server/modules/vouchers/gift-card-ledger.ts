/**
 * Gift-card credit as a checkout takes it (server/modules/checkout/takings.ts), beside the coupons'
 * uses (the coupons module's discount ledger): debited with a conditional update in the checkout's
 * transaction (a card that no longer has the credit refuses the whole checkout, as an unknown code),
 * each debit recorded per payment; given back once when the checkout is released, debited again for
 * a late payment, and given back in part when a kept order is priced again below the credit it used.
 * Cards are always taken in id order, as every checkout does: no deadlock between two.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { giftCardDebits, giftCards } from '../../db/schema/index.ts';
import type { CheckoutTaking } from '../checkout/index.ts';
import { unknownCode } from '../coupons/index.ts';

/** Debits credit only if the card still has it (one statement: concurrent checkouts cannot overdraw it). */
async function debitGiftCard(db: Executor, giftCardId: number, amountCents: number): Promise<boolean> {
  const rows = await db
    .update(giftCards)
    .set({ creditCents: sql`${giftCards.creditCents} - ${amountCents}` })
    .where(and(eq(giftCards.id, giftCardId), sql`${giftCards.creditCents} >= ${amountCents}`))
    .returning({ id: giftCards.id });
  return rows.length === 1;
}

async function recordGiftCardDebit(db: Executor, row: { giftCardId: number; paymentId: number; amountCents: number }): Promise<void> {
  await db.insert(giftCardDebits).values(row);
}

/** Credits back what a payment took from gift cards, once. */
async function restoreGiftCardDebits(db: Executor, paymentId: number, now: Date): Promise<void> {
  const debits = await db
    .update(giftCardDebits)
    .set({ restoredAt: now })
    .where(and(eq(giftCardDebits.paymentId, paymentId), isNull(giftCardDebits.restoredAt)))
    .returning({ giftCardId: giftCardDebits.giftCardId, amountCents: giftCardDebits.amountCents });
  for (const debit of debits.sort((a, b) => a.giftCardId - b.giftCardId)) {
    await db
      .update(giftCards)
      .set({ creditCents: sql`${giftCards.creditCents} + ${debit.amountCents}` })
      .where(eq(giftCards.id, debit.giftCardId));
  }
}

/**
 * Gives `cents` of what a payment took from gift cards back to them (its reservation priced again
 * below the credit it used): the latest debit first; a debit given back whole goes (so a release
 * or a late payment never counts it again), one given back in part keeps the rest.
 */
async function giveBackGiftCardCredit(db: Executor, paymentId: number, cents: number): Promise<void> {
  const debits = await db
    .select({ id: giftCardDebits.id, giftCardId: giftCardDebits.giftCardId, amountCents: giftCardDebits.amountCents })
    .from(giftCardDebits)
    .where(and(eq(giftCardDebits.paymentId, paymentId), isNull(giftCardDebits.restoredAt)))
    .orderBy(desc(giftCardDebits.id))
    .for('update');
  const perCard = new Map<number, number>();
  let left = cents;
  for (const debit of debits) {
    if (left <= 0) break;
    const back = Math.min(left, debit.amountCents);
    if (back === debit.amountCents) await db.delete(giftCardDebits).where(eq(giftCardDebits.id, debit.id));
    else
      await db
        .update(giftCardDebits)
        .set({ amountCents: sql`${giftCardDebits.amountCents} - ${back}` })
        .where(eq(giftCardDebits.id, debit.id));
    perCard.set(debit.giftCardId, (perCard.get(debit.giftCardId) ?? 0) + back);
    left -= back;
  }
  // Cards in id order, as every checkout debits them: no deadlock with one.
  for (const [giftCardId, back] of [...perCard].sort(([a], [b]) => a - b)) {
    await db
      .update(giftCards)
      .set({ creditCents: sql`${giftCards.creditCents} + ${back}` })
      .where(eq(giftCards.id, giftCardId));
  }
}

/** Debits again what a payment's gift cards gave back (a late payment); false when a card no longer has it. */
async function retakeGiftCardDebits(db: Executor, paymentId: number): Promise<boolean> {
  const debits = await db
    .update(giftCardDebits)
    .set({ restoredAt: null })
    .where(and(eq(giftCardDebits.paymentId, paymentId), isNotNull(giftCardDebits.restoredAt)))
    .returning({ giftCardId: giftCardDebits.giftCardId, amountCents: giftCardDebits.amountCents });
  for (const debit of debits.sort((a, b) => a.giftCardId - b.giftCardId)) {
    if (!(await debitGiftCard(db, debit.giftCardId, debit.amountCents))) return false;
  }
  return true;
}

export function createGiftCardLedger(): CheckoutTaking {
  return {
    wants: (checkout) => checkout.giftCardUse.length > 0,

    async take(db, checkout) {
      for (const { card, cents } of [...checkout.giftCardUse].sort((a, b) => a.card.id - b.card.id)) {
        if (!(await debitGiftCard(db, card.id, cents))) throw unknownCode(card.code);
        await recordGiftCardDebit(db, { giftCardId: card.id, paymentId: checkout.paymentId, amountCents: cents });
      }
    },

    release: (db, checkout, now) => restoreGiftCardDebits(db, checkout.paymentId, now),

    retake: (db, checkout) => retakeGiftCardDebits(db, checkout.paymentId),

    async repriced(db, order) {
      if (order.creditBackCents > 0) await giveBackGiftCardCredit(db, order.paymentId, order.creditBackCents);
    },
  };
}
