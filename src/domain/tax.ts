/**
 * Tax on what the shop sells, one rule for every line, document and report (issue 34; decision
 * docs/decisions/0020-tax-on-lines-and-gap-free-documents.md).
 *
 * - Prices are gross, as the organisation enters them. A line's tax is taken OUT of its gross:
 *   net = round(gross × 10000 / (10000 + rate)), tax = gross − net, rounded half away from zero per
 *   line, so net + tax = gross on every line and the sums of the lines are the totals, exactly.
 * - A tax rule is a rate in basis points (900 = 9 %) and a kind: STANDARD (the rate applies),
 *   ZERO_RATED (0 %, taxable) or EXEMPT (outside VAT, shown as exempt). Rates run 0..10000 (0..100 %).
 * - A discount (coupon) reduces the taxable gross of the lines it applies to. A discount over several
 *   lines (of one or several rates) is spread over them in proportion to their gross, by the largest
 *   remainder, so the shares add up to the discount to the cent and no line goes below 0.
 * - Gift cards are multi-purpose vouchers: no VAT when sold (their lines are EXEMPT-like "no VAT"),
 *   and spending one is a means of payment, not a discount: it never lowers a line's taxable gross.
 */
export const TAX_KINDS = ['STANDARD', 'ZERO_RATED', 'EXEMPT'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** What a line is taxed by: a rule's snapshot (name as the document prints it). */
export interface TaxRate {
  /** Basis points: 900 = 9 %. */
  rateBp: number;
  kind: TaxKind;
  name: string;
}

/** No tax at all: gift cards sold (multi-purpose vouchers), and anything without a rule. */
export const NO_TAX: TaxRate = { rateBp: 0, kind: 'EXEMPT', name: '' };

export const MAX_RATE_BP = 10_000;

/** Whether a rate in basis points is one a tax rule may have (0..100 %, whole basis points). */
export function validRateBp(rateBp: number): boolean {
  return Number.isSafeInteger(rateBp) && rateBp >= 0 && rateBp <= MAX_RATE_BP;
}

/** The rate a kind really charges: only STANDARD charges its rate. */
export function effectiveRateBp(rate: Pick<TaxRate, 'rateBp' | 'kind'>): number {
  return rate.kind === 'STANDARD' ? rate.rateBp : 0;
}

/** Division rounded half away from zero, on integers. */
function roundedDivision(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator) || 1;
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** A gross amount split into net and tax at a rate: net + tax = gross exactly (negative amounts mirror positive ones). */
export function splitGross(grossCents: number, rate: Pick<TaxRate, 'rateBp' | 'kind'>): { netCents: number; taxCents: number } {
  if (!Number.isSafeInteger(grossCents)) throw new RangeError(`not a whole number of cents: ${grossCents}`);
  const bp = effectiveRateBp(rate);
  const netCents = bp === 0 ? grossCents : roundedDivision(grossCents * 10_000, 10_000 + bp);
  return { netCents, taxCents: grossCents - netCents };
}

/**
 * `total` cents spread over `weights` in proportion, by the largest remainder (ties to the earlier
 * weight): the shares are whole, add up to `total` exactly, and each is at most its weight when
 * `total` is at most the weights' sum. Weights below 0 count as 0.
 */
export function spreadByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const clean = weights.map((weight) => Math.max(0, weight));
  const sum = clean.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return clean.map(() => 0);
  const sign = total < 0 ? -1 : 1;
  const amount = Math.abs(total);
  const exact = clean.map((weight) => {
    const product = amount * weight;
    return { floor: Math.floor(product / sum), remainder: product % sum };
  });
  let left = amount - exact.reduce((a, b) => a + b.floor, 0);
  const order = exact.map((_, index) => index).sort((a, b) => (exact[b]?.remainder ?? 0) - (exact[a]?.remainder ?? 0) || a - b);
  const shares = exact.map((each) => each.floor);
  for (const index of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares.map((share) => sign * share);
}

/** A line to tax: its gross before discount, whether a coupon may reduce it, and its rate. */
export interface TaxableLine<Ref = unknown> {
  ref: Ref;
  quantity: number;
  /** The line's price × quantity, before any discount. */
  grossCents: number;
  /** The coupon discount may reduce this line (tickets and passes; not upsells, fees or gift cards). */
  discountable: boolean;
  rate: TaxRate;
}

/** A taxed line: gross after its discount share, split into net and tax. */
export interface TaxedLine<Ref = unknown> {
  ref: Ref;
  quantity: number;
  /** Before the discount. */
  listGrossCents: number;
  discountCents: number;
  grossCents: number;
  netCents: number;
  taxCents: number;
  rate: TaxRate;
}

/** The tax of one rate over a set of lines. */
export interface RateTotal {
  rateBp: number;
  kind: TaxKind;
  name: string;
  grossCents: number;
  netCents: number;
  taxCents: number;
}

/**
 * An order's lines taxed: the discount spread over the discountable lines (largest remainder, in
 * proportion to their gross; over every line when none is discountable), each line then split by its
 * rate. The discount is capped at what the lines it applies to are worth.
 */
export function taxLines<Ref>(lines: readonly TaxableLine<Ref>[], discountCents: number): TaxedLine<Ref>[] {
  const eligible = lines.some((line) => line.discountable) ? lines.map((line) => line.discountable) : lines.map(() => true);
  const weights = lines.map((line, index) => (eligible[index] ? Math.max(0, line.grossCents) : 0));
  const cap = weights.reduce((a, b) => a + b, 0);
  const discount = Math.min(Math.max(0, discountCents), cap);
  const shares = spreadByLargestRemainder(discount, weights);
  return lines.map((line, index) => {
    const share = shares[index] ?? 0;
    const grossCents = line.grossCents - share;
    return {
      ref: line.ref,
      quantity: line.quantity,
      listGrossCents: line.grossCents,
      discountCents: share,
      grossCents,
      ...splitGross(grossCents, line.rate),
      rate: line.rate,
    };
  });
}

/** The lines summed per rate (rate, kind and name), highest rate first: what a document prints as "tax per rate". */
export function totalsPerRate(lines: readonly Pick<TaxedLine, 'grossCents' | 'netCents' | 'taxCents' | 'rate'>[]): RateTotal[] {
  const byKey = new Map<string, RateTotal>();
  for (const line of lines) {
    const key = `${line.rate.kind}|${line.rate.rateBp}|${line.rate.name}`;
    const total = byKey.get(key) ?? { rateBp: line.rate.rateBp, kind: line.rate.kind, name: line.rate.name, grossCents: 0, netCents: 0, taxCents: 0 };
    total.grossCents += line.grossCents;
    total.netCents += line.netCents;
    total.taxCents += line.taxCents;
    byKey.set(key, total);
  }
  return [...byKey.values()].sort((a, b) => b.rateBp - a.rateBp || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}

/** A rate as people read it: 900 → "9", 2150 → "21.5" (the view adds the locale's % sign). */
export function ratePercent(rateBp: number): number {
  return rateBp / 100;
}
