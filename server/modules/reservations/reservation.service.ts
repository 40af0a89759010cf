/**
 * GET /api/reservation/{hash} (spec sections 2, 3): a RESERVED order as the reservation page shows
 * it, texts in the request's language. Anything else (unknown, paid, cancelled) is 404.
 */
import type { Language } from '../../../src/domain/languages.ts';
import { toAmount } from '../../../src/domain/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { textsIn, readingFor } from '../catalogue/reading.ts';
import { toClockTime } from '../catalogue/plots/plot.mapper.ts';
import { loadShopLocale } from '../organisation/shop-locale.ts';
import { findOrganisation } from '../organisation/organisation.repo.ts';
import { findHoldExpiry, findLinesWithNames, findOtherReservations, findReservationLapse, findReservedOrder } from './reservation.repo.ts';
import { toReservation, type ReservationView } from './reservation.mapper.ts';

export function createReservationService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async find(hash: string, requested: Language | null): Promise<ReservationView> {
      const found = await findReservedOrder(db, hash);
      if (!found) throw notFound('No such reservation');
      const { order } = found;
      // A lapsed reservation is gone (the expiry sweep gives its places back), even before the sweep ran.
      const lapse = await findReservationLapse(db, order.paymentId);
      if (lapse && lapse.getTime() <= clock.now().getTime()) throw notFound('No such reservation');
      const [lines, others, locale, organisation, holdExpiry] = await Promise.all([
        findLinesWithNames(db, order.id),
        order.paymentId === null ? Promise.resolve([]) : findOtherReservations(db, order.paymentId, order.id),
        loadShopLocale(db),
        findOrganisation(db),
        findHoldExpiry(db, order.id),
      ]);
      const reading = readingFor(requested, locale);
      return toReservation({
        ...found,
        lines,
        others,
        expiration: holdExpiry ?? lapse,
        rebookingSecret: organisation?.rebookingAllowed ? (organisation.rebookingSecret ?? null) : null,
        text: (texts) => textsIn(texts, reading),
        clockTime: toClockTime,
        toAmount,
      });
    },
  };
}
