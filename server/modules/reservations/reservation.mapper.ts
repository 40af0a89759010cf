/** Reservation rows → the reservation shape of spec section 3 (amounts in 2 decimals, times HH:MM). */
import type { CapacityType, PriceType } from '#domain/contracts/catalogue.ts';
import type { Translations } from '#domain/languages.ts';
import type { Customer } from '#domain/customer.ts';
import type { HistoryEntry } from '#domain/contracts/order-history.schema.ts';
import type { findLinesWithNames, findReservedOrder } from './reservation.repo.ts';

export interface ReservationView {
  reservation: { id: number; hash: string; customer: Customer };
  additional_reservations: { id: number; hash: string }[];
  /** When the places stop being kept; null: kept until the reservation is paid or cancelled. */
  expiration_date: string | null;
  allow_changes: boolean;
  product: {
    id: number;
    title: string;
    image: string | null;
    quantity: number;
    audiences: { id: number; name: string; quantity: number; price: number }[];
    plot: { id: number; date: string; time: { start: string | null; end: string | null } } | null;
    /** Tickets together. */
    price: number;
    discount: number;
    types: { price: PriceType; capacity: CapacityType };
  };
  /** Unit price per upsell. */
  upsells: { id: number; title: string; quantity: number; price: number }[];
  rebooking_secret: string | null;
  additions: { name: string; amount: number; type: 0 | 1 }[];
  total: number;
  coupons: string[];
  /** What happened to it since it was made (the one order change's history, for the visitor). */
  history: HistoryEntry[];
}

type Found = NonNullable<Awaited<ReturnType<typeof findReservedOrder>>>;
type Line = Awaited<ReturnType<typeof findLinesWithNames>>[number];

export function toReservation(
  input: Found & {
    lines: Line[];
    others: { id: number; hash: string }[];
    expiration: Date | null;
    rebookingSecret: string | null;
    additions: ReservationView['additions'];
    totalCents: number;
    text: <T extends Record<string, string | null | undefined>>(texts: Translations<T>) => Partial<T>;
    clockTime: (time: string | null) => string | null;
    toAmount: (cents: number) => number;
    history: ReservationView['history'];
  },
): ReservationView {
  const { order, product, plot, lines, text, toAmount } = input;
  return {
    reservation: { id: order.number, hash: order.hash, customer: order.customer },
    additional_reservations: input.others,
    expiration_date: input.expiration ? input.expiration.toISOString() : null,
    allow_changes: order.allowChanges,
    product: {
      id: product.id,
      title: text(product.texts).title ?? '',
      image: product.image,
      quantity: order.quantity,
      audiences: lines
        .filter(({ line }) => line.kind === 'AUDIENCE' && line.audienceId !== null)
        .map(({ line, audienceTexts }) => ({
          id: line.audienceId as number,
          name: audienceTexts ? (text(audienceTexts).name ?? '') : '',
          quantity: line.quantity,
          price: toAmount(line.unitPriceCents),
        })),
      plot: plot ? { id: plot.id, date: plot.date, time: { start: input.clockTime(plot.startTime), end: input.clockTime(plot.endTime) } } : null,
      price: toAmount(order.productCents),
      discount: toAmount(order.discountCents),
      types: { price: product.priceType, capacity: product.capacityType },
    },
    upsells: lines
      .filter(({ line }) => line.kind === 'UPSELL' && line.upsellId !== null)
      .map(({ line, upsellTexts }) => ({
        id: line.upsellId as number,
        title: upsellTexts ? (text(upsellTexts).title ?? '') : '',
        quantity: line.quantity,
        price: toAmount(line.unitPriceCents),
      })),
    rebooking_secret: input.rebookingSecret,
    additions: input.additions,
    total: toAmount(input.totalCents),
    coupons: order.couponCodes,
    history: input.history,
  };
}
