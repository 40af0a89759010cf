/**
 * GET /api/reservation/{hash} (spec sections 2, 3): a RESERVED order as the reservation page shows
 * it, texts in the request's language. Anything else (unknown, cancelled) is 404; a paid one 404 RESERVATION_PAID
 * (its tickets are on the order page).
 */
import type { Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { textsIn, readingFor, toClockTime } from '../catalogue/index.ts';
import { loadShopLocale, findOrganisation, listAdditions } from '../organisation/index.ts';
import { findOrder, findPayment, readOrderHistory, type Settlement } from '../checkout/index.ts';
import { applicableAdditions } from '#domain/order/pricing.ts';
import { findLinesWithNames, findOtherReservations, findReservedOrder } from './reservation.repo.ts';
import { toReservation, type ReservationView } from './reservation.mapper.ts';

export function createReservationService({ db, settlement }: { db: Database; clock: Clock; settlement: Pick<Settlement, 'expireIfLapsed'> }) {
  return {
    async find(hash: string, requested: Language | null): Promise<ReservationView> {
      // A reservation whose time is over lapses on first sight (the sweep does it for the unvisited).
      const seen = await findOrder(db, hash);
      const seenPayment = seen?.paymentId ? await findPayment(db, seen.paymentId) : null;
      if (seen?.status === 'RESERVED' && seenPayment?.status === 'pending') await settlement.expireIfLapsed(seenPayment.hash);
      const found = await findReservedOrder(db, hash);
      if (!found) {
        const now = await findOrder(db, hash);
        if (now?.status === 'EXPIRED') throw new AppError('RESERVATION_EXPIRED', 410, 'This reservation lapsed unpaid; its places were given back');
        // Paid since: its tickets (QR codes, PDF, wallet passes) are on the order's page, where the page sends the visitor.
        if (now?.status === 'PAID') throw new AppError('RESERVATION_PAID', 404, 'This reservation is paid: its tickets are on the order page');
        throw notFound('No such reservation');
      }
      const { order } = found;
      const [lines, others, locale, organisation, additionRows, payment] = await Promise.all([
        findLinesWithNames(db, order.id),
        order.paymentId === null ? Promise.resolve([]) : findOtherReservations(db, order.paymentId, order.id),
        loadShopLocale(db),
        findOrganisation(db),
        listAdditions(db),
        order.paymentId === null ? Promise.resolve(null) : findPayment(db, order.paymentId),
      ]);
      const reading = readingFor(requested, locale);
      const history = await readOrderHistory(db, order, reading, 'shopper');
      return toReservation({
        ...found,
        lines,
        // The id people see is the order number (orders.number).
        others: others.map(({ number, hash }) => ({ id: number, hash })),
        expiration: payment?.expiresAt ?? null,
        rebookingSecret: organisation?.rebookingAllowed ? (organisation.rebookingSecret ?? null) : null,
        // The additions its checkout pays (once, on one of its orders; the total below is the whole
        // checkout's): those of a new booking (type 1, rebookings, is not in a reservation's total).
        additions:
          order.additionsCents + others.reduce((sum, other) => sum + other.additionsCents, 0) === 0
            ? []
            : applicableAdditions(additionRows, false).map((row) => ({
                name: textsIn(row.texts, reading).name ?? '',
                amount: toAmount(row.amountCents),
                type: row.type,
              })),
        totalCents: payment?.amountCents ?? order.totalCents,
        text: (texts) => textsIn(texts, reading),
        clockTime: toClockTime,
        toAmount,
        history,
      });
    },
  };
}

export type ReservationService = ReturnType<typeof createReservationService>;
