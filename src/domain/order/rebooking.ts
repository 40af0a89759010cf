/**
 * What a rebooking costs (spec sections 4 and 9): the new booking's price above what the old one
 * cost (never money back: a cheaper day costs nothing more), plus the organisation's rebooking
 * additions (type 1). The old booking's own additions (type 0) were a fee for that booking and stay
 * paid. The server charges this amount; the storefront shows it.
 */
export interface BookingPrice {
  /** The booking's total: products + upsells − discount + additions. */
  totalCents: number;
  /** Its additions within that total. */
  additionsCents: number;
}

export function rebookAmountCents(original: BookingPrice, replacement: BookingPrice): number {
  const before = original.totalCents - original.additionsCents;
  const after = replacement.totalCents - replacement.additionsCents;
  return Math.max(0, after - before) + replacement.additionsCents;
}
