/**
 * Prices of one plot, in cents: its ticket price, each offered audience's price there, and what
 * the visitor's order would cost on it (the calendar shows that as "from").
 */
import type { PlotOrder } from '../../../../src/domain/plot-query.ts';
import type { Cents } from '../../../../src/domain/money.ts';

export interface AudiencePriceSource {
  audienceId: number;
  /** The product-audience price. */
  priceCents: Cents;
  hidden: boolean;
}

export interface PlotPriceSource {
  /** null: the product's price. */
  priceCents: Cents | null;
  /** Per-audience overrides on this plot. */
  audiencePrices: { audience: number; cents: Cents }[];
}

export interface PlotPrices {
  price: Cents;
  audiencePrices: { audience: number; price: Cents }[];
  lowestTotalPrice: Cents;
}

export function plotPrices(
  plot: PlotPriceSource,
  product: { priceCents: Cents; audiences: readonly AudiencePriceSource[] },
  order: PlotOrder | null,
): PlotPrices {
  const price = plot.priceCents ?? product.priceCents;
  const overrides = new Map(plot.audiencePrices.map((entry) => [entry.audience, entry.cents]));
  const audiencePrice = (audience: AudiencePriceSource) => overrides.get(audience.audienceId) ?? audience.priceCents;
  const offered = product.audiences.filter((audience) => !audience.hidden);
  const audiencePrices = offered.map((audience) => ({ audience: audience.audienceId, price: audiencePrice(audience) }));

  let lowestTotalPrice: Cents;
  if (order === null) {
    // No order yet: the cheapest single ticket on this plot.
    lowestTotalPrice = audiencePrices.length > 0 ? Math.min(...audiencePrices.map((entry) => entry.price)) : price;
  } else if ('quantity' in order) {
    lowestTotalPrice = order.quantity * price;
  } else {
    const byId = new Map(product.audiences.map((audience) => [audience.audienceId, audience]));
    lowestTotalPrice = order.audiences.reduce((total, line) => {
      const audience = byId.get(line.id);
      // Unknown audiences were refused before pricing; counting them as free is never reached.
      return total + (audience ? line.quantity * audiencePrice(audience) : 0);
    }, 0);
  }
  return { price, audiencePrices, lowestTotalPrice };
}
