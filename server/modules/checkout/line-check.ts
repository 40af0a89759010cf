/**
 * The validate step: re-checks one submitted cart line against the catalogue as the checkout read
 * it (spec section 5, Quantities; Dates and time slots) and prices its tickets and upsells with the
 * shared domain rules. Pure: the caller reads the catalogue. Places and order limits are decided
 * by the capacity guard inside the transaction; here only what does not change under a buyer's
 * feet: the slot belongs to the product and has not started.
 */
import type { Audience } from '#domain/contracts/catalogue.ts';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import { toCents } from '#domain/money.ts';
import { parseDonationInput } from '#domain/order/donation.ts';
import { slotAudiencePriceCents, ticketGroups, ticketsCents, upsellCents, type TicketGroup, type UpsellLine } from '#domain/order/pricing.ts';
import { audienceTotal, clampUpsellQuantity, isAudienceStepReady, type AudienceQuantities } from '#domain/order/quantities.ts';
import { isUpcoming, type ShopMoment } from '#domain/order/slot-rules.ts';
import { AppError } from '../../errors.ts';
import type { CheckoutAudience, CheckoutCatalogue, CheckoutPlot, CheckoutProduct, CheckoutUpsell } from '../catalogue/index.ts';
import type { NewOrderLine } from './checkout.repo.ts';

export interface CheckedLine {
  product: CheckoutProduct;
  plot: CheckoutPlot | null;
  /** Ticket count: what holds and `sold` count. */
  quantity: number;
  /** The tickets as price groups, for the coupon rules. */
  tickets: TicketGroup[];
  productCents: number;
  upsellCents: number;
  /** order_lines rows. */
  rows: NewOrderLine[];
}

const refuse = (code: ConstructorParameters<typeof AppError>[0], message: string, status = 400) => new AppError(code, status, message);

function asAudience(row: CheckoutAudience): Audience {
  return {
    id: row.audienceId,
    name: '',
    description: null,
    price: 0,
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    fixed_quantity: row.fixedQuantity,
    group: row.group,
    dependant: row.dependant,
    hidden: row.hidden,
  };
}

function checkPlot(line: OrderLineRequest, product: CheckoutProduct, plot: CheckoutPlot | null, moment: ShopMoment): void {
  const plotId = line.product.plot ?? null;
  if (!product.hasDays) {
    if (plotId !== null) throw refuse('PLOT_NOT_AVAILABLE', 'This product is not booked on a date');
    return;
  }
  if (plotId === null) throw refuse('PLOT_REQUIRED', 'Choose a date (and time) for this product');
  if (!plot || plot.productId !== product.id) throw refuse('PLOT_NOT_AVAILABLE', 'This date is not available for this product');
  if (!isUpcoming(plot, moment)) throw refuse('PLOT_NOT_AVAILABLE', 'This time slot has already started');
}

function checkAudiences(line: OrderLineRequest, product: CheckoutProduct): AudienceQuantities {
  const byId = new Map(product.audiences.map((row) => [row.audienceId, row]));
  const quantities: AudienceQuantities = {};
  for (const [key, { quantity }] of Object.entries(line.audiences)) {
    const row = byId.get(Number(key));
    if (!row || row.hidden) throw refuse('AUDIENCE_INVALID', 'This audience is not offered for this product');
    if (quantity === 0) continue;
    if (quantity < row.minQuantity || quantity > row.maxQuantity) throw refuse('AUDIENCE_INVALID', 'Quantity out of range for this audience');
    quantities[row.audienceId] = quantity;
  }
  for (const row of product.audiences) {
    if (row.hidden || !row.fixedQuantity) continue;
    if ((quantities[row.audienceId] ?? 0) !== Math.max(1, row.minQuantity))
      throw refuse('AUDIENCE_INVALID', 'A fixed-quantity audience must be booked at its quantity');
  }
  const total = audienceTotal(quantities);
  if (total > product.maxQuantity) throw refuse('QUANTITY_INVALID', `At most ${product.maxQuantity} tickets per order`);
  const offered = product.audiences.filter((row) => !row.hidden).map(asAudience);
  if (!isAudienceStepReady(quantities, offered, product.minQuantity)) {
    throw refuse('QUANTITY_INVALID', `Book at least ${product.minQuantity} tickets, with at least one that is not dependant`);
  }
  if (line.product.quantity !== total) throw refuse('QUANTITY_INVALID', 'The quantity does not match the audiences');
  return quantities;
}

/** A donation's price is the one price a visitor sets: at least 0, at most 2 decimals. */
function donationCents(price: number | undefined): number {
  if (price === undefined) return 0;
  const cents = parseDonationInput(String(price));
  if (price < 0 || cents !== toCents(price) || cents / 100 !== price) throw refuse('UPSELL_INVALID', 'A donation is an amount with at most 2 decimals');
  return cents;
}

/** The upsells chosen (`{"<id>": {quantity, price}}`) among those offered, priced; used by product and subscription orders. */
export function checkUpsellChoices(
  choices: Readonly<Record<string, { quantity: number; price?: number | undefined }>>,
  offered: readonly CheckoutUpsell[],
): (UpsellLine & { upsellId: number })[] {
  const byId = new Map(offered.map((row) => [row.id, row]));
  const checked: (UpsellLine & { upsellId: number })[] = [];
  for (const [key, { quantity, price }] of Object.entries(choices)) {
    const upsell = byId.get(Number(key));
    if (!upsell) throw refuse('UPSELL_INVALID', 'This extra is not offered here');
    if (upsell.upsellType === 'DONATION') {
      const cents = donationCents(price);
      if (quantity > 1) throw refuse('UPSELL_INVALID', 'A donation counts once');
      if (cents > 0) checked.push({ upsellId: upsell.id, upsellType: 'DONATION', unitPriceCents: cents, quantity: 1 });
      continue;
    }
    if (clampUpsellQuantity(quantity, upsell.maxQuantity) !== quantity) throw refuse('UPSELL_INVALID', `At most ${upsell.maxQuantity} of this extra`);
    if (quantity > 0) checked.push({ upsellId: upsell.id, upsellType: 'STANDARD', unitPriceCents: upsell.priceCents, quantity });
  }
  return checked;
}

export function checkLine(line: OrderLineRequest, catalogue: Pick<CheckoutCatalogue, 'products' | 'plots'>, moment: ShopMoment): CheckedLine {
  const product = catalogue.products.get(line.product.id);
  if (!product) throw new AppError('PRODUCT_NOT_AVAILABLE', 404, 'This product is not available');
  const plot = line.product.plot === null || line.product.plot === undefined ? null : (catalogue.plots.get(line.product.plot) ?? null);
  let audienceQuantities: AudienceQuantities = {};
  if (product.hasAudiences && product.audiences.some((row) => !row.hidden)) {
    audienceQuantities = checkAudiences(line, product);
  } else {
    if (Object.keys(line.audiences).some((key) => (line.audiences[key]?.quantity ?? 0) > 0)) throw refuse('AUDIENCE_INVALID', 'This product has no audiences');
    const quantity = line.product.quantity;
    if (quantity < Math.max(1, product.minQuantity) || quantity > product.maxQuantity) {
      throw refuse('QUANTITY_INVALID', `Book between ${Math.max(1, product.minQuantity)} and ${product.maxQuantity} tickets`);
    }
  }
  checkPlot(line, product, plot, moment);

  // The same prices the plots listing shows for this slot (slotPrices in src/domain/order/pricing.ts).
  const audiencePriceCents = slotAudiencePriceCents(product.audiences, plot?.audiencePrices ?? new Map());
  const pricing = { priceType: product.priceType, basePriceCents: product.priceCents, plotPriceCents: plot?.priceCents ?? null, audiencePriceCents };
  const tickets = ticketGroups(pricing, line.product.quantity, audienceQuantities);
  const upsellLines = checkUpsellChoices(line.upsells, product.upsells);

  const rows: NewOrderLine[] = [];
  const audienceIds = Object.keys(audienceQuantities)
    .map(Number)
    .sort((a, b) => a - b);
  if (audienceIds.length > 0) {
    for (const id of audienceIds) {
      rows.push({ kind: 'AUDIENCE', audienceId: id, quantity: audienceQuantities[id] ?? 0, unitPriceCents: audiencePriceCents[id] ?? 0 });
    }
  } else {
    rows.push({ kind: 'TICKET', quantity: line.product.quantity, unitPriceCents: pricing.plotPriceCents ?? pricing.basePriceCents });
  }
  for (const upsell of upsellLines) rows.push({ kind: 'UPSELL', upsellId: upsell.upsellId, quantity: upsell.quantity, unitPriceCents: upsell.unitPriceCents });

  return {
    product,
    plot,
    quantity: line.product.quantity,
    tickets,
    productCents: ticketsCents(tickets),
    upsellCents: upsellCents(upsellLines),
    rows,
  };
}
