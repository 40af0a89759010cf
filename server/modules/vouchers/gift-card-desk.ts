/**
 * The back office's gift cards (issue 21 item 3): list (newest first, or by the code's beginning),
 * look one up (its credit, what it was issued with, its adjustments and the payments it paid for),
 * issue one by hand, adjust its credit with a reason (never below 0) and void it. Every change writes
 * the credit, a `gift_card_adjustments` row and the staff audit row in ONE transaction; the credit
 * changes by one conditional UPDATE, so a checkout spending the card at the same moment and an
 * adjustment never lose each other's change.
 */
import { and, asc, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { normaliseGiftCardCode } from '#domain/gift-card-code.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { giftCardAdjustments, giftCardDebits, giftCards, orders, payments } from '../../db/schema/index.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import type { StaffAudit } from '../checkout/index.ts';
import { newGiftCardCode, newGiftCardPageHash } from './gift-card-codes.ts';

const MAX_CENTS = 100_000_000;
const voided = () => new AppError('GIFT_CARD_VOID', 409, 'This gift card is void');

function reasonOf(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '' || trimmed.length > 500) throw validationFailed({ reason: trimmed === '' ? 'required' : 'too_long' });
  return trimmed;
}

/** The code as typed, as stored (upper case; the grouped shape when it is one of ours). */
const storedCode = (typed: string) => normaliseGiftCardCode(typed) ?? typed.trim().toUpperCase();

export function createGiftCardDesk({ db, clock, audit }: { db: Database; clock: Clock; audit: StaffAudit }) {
  async function locked(tx: Executor, code: string) {
    const [card] = await tx
      .select()
      .from(giftCards)
      .where(eq(giftCards.code, storedCode(code)))
      .for('update');
    if (!card) throw notFound('No such gift card');
    return card;
  }

  async function record(tx: Executor, entry: { giftCardId: number; kind: 'ISSUE' | 'ADJUST' | 'VOID'; deltaCents: number; reason: string; staffId: number }) {
    await tx.insert(giftCardAdjustments).values({ ...entry, createdAt: clock.now() });
  }

  return {
    async list(filter: { q?: string | null; before?: number | null; limit: number }) {
      const conditions: SQL[] = [];
      if (filter.q?.trim()) conditions.push(sql`${giftCards.code} like ${`${storedCode(filter.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (filter.before) conditions.push(lt(giftCards.id, filter.before));
      const rows = await db
        .select()
        .from(giftCards)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(giftCards.id))
        .limit(filter.limit + 1);
      return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit };
    },

    async lookup(code: string) {
      const [card] = await db
        .select()
        .from(giftCards)
        .where(eq(giftCards.code, storedCode(code)));
      if (!card) throw notFound('No such gift card');
      const [adjustments, spent] = await Promise.all([
        db.select().from(giftCardAdjustments).where(eq(giftCardAdjustments.giftCardId, card.id)).orderBy(asc(giftCardAdjustments.id)),
        db
          .select({
            amountCents: giftCardDebits.amountCents,
            restoredAt: giftCardDebits.restoredAt,
            createdAt: giftCardDebits.createdAt,
            orderNumber: sql<number | null>`(select min(${orders.number}) from ${orders} where ${orders.paymentId} = ${payments.id})`,
            paymentStatus: payments.status,
          })
          .from(giftCardDebits)
          .innerJoin(payments, eq(payments.id, giftCardDebits.paymentId))
          .where(eq(giftCardDebits.giftCardId, card.id))
          .orderBy(asc(giftCardDebits.id)),
      ]);
      return { card, adjustments, spent };
    },

    /** A new card with `valueCents` of credit, issued by hand (a goodwill gesture, a prize). */
    async issue(staffId: number, input: { valueCents: number; expiresOn: string | null; reason: string }) {
      if (!Number.isSafeInteger(input.valueCents) || input.valueCents <= 0 || input.valueCents > MAX_CENTS) throw validationFailed({ value: 'invalid' });
      const reason = reasonOf(input.reason);
      return db.transaction(async (tx) => {
        const [card] = await tx
          .insert(giftCards)
          .values({
            code: newGiftCardCode(),
            creditCents: input.valueCents,
            valueCents: input.valueCents,
            expiresOn: input.expiresOn,
            pageHash: newGiftCardPageHash(),
          })
          .returning();
        if (!card) throw new Error('gift card not inserted');
        await record(tx, { giftCardId: card.id, kind: 'ISSUE', deltaCents: input.valueCents, reason, staffId });
        await audit(tx, {
          staffId,
          action: 'gift_card.issue',
          entity: 'gift_card',
          entityId: card.code,
          before: null,
          after: { creditCents: card.creditCents, expiresOn: card.expiresOn, reason },
        });
        return card;
      });
    },

    /** The credit changed by `deltaCents` (either sign); refused (nothing changed) below 0 or on a void card. */
    async adjust(staffId: number, code: string, deltaCents: number, reason: string) {
      if (!Number.isSafeInteger(deltaCents) || deltaCents === 0 || Math.abs(deltaCents) > MAX_CENTS) throw validationFailed({ delta: 'invalid' });
      const why = reasonOf(reason);
      return db.transaction(async (tx) => {
        const card = await locked(tx, code);
        if (card.voidedAt) throw voided();
        const [changed] = await tx
          .update(giftCards)
          .set({ creditCents: sql`${giftCards.creditCents} + ${deltaCents}` })
          .where(and(eq(giftCards.id, card.id), isNull(giftCards.voidedAt), sql`${giftCards.creditCents} + ${deltaCents} between 0 and ${MAX_CENTS}`))
          .returning();
        if (!changed) throw validationFailed({ delta: 'below_zero' }, `The credit is ${card.creditCents} cents; it cannot go below 0`);
        await record(tx, { giftCardId: card.id, kind: 'ADJUST', deltaCents, reason: why, staffId });
        await audit(tx, {
          staffId,
          action: 'gift_card.adjust',
          entity: 'gift_card',
          entityId: card.code,
          before: { creditCents: card.creditCents },
          after: { creditCents: changed.creditCents, reason: why },
        });
        return changed;
      });
    },

    /** Void: its credit to 0 for good. */
    async void(staffId: number, code: string, reason: string) {
      const why = reasonOf(reason);
      return db.transaction(async (tx) => {
        const card = await locked(tx, code);
        if (card.voidedAt) throw voided();
        const now = clock.now();
        const [changed] = await tx.update(giftCards).set({ creditCents: 0, voidedAt: now }).where(eq(giftCards.id, card.id)).returning();
        await record(tx, { giftCardId: card.id, kind: 'VOID', deltaCents: -card.creditCents, reason: why, staffId });
        await audit(tx, {
          staffId,
          action: 'gift_card.void',
          entity: 'gift_card',
          entityId: card.code,
          before: { creditCents: card.creditCents },
          after: { creditCents: 0, voided: true, reason: why },
        });
        return changed;
      });
    },
  };
}

export type GiftCardDesk = ReturnType<typeof createGiftCardDesk>;
