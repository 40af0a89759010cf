/**
 * A small catalogue as the checkout reads it (server/modules/catalogue/checkout-catalogue.ts), for
 * the pure server rules: a time-slot tour with upsells, an audience product with a dependant and a
 * hidden audience and a slot price override, and a product without days.
 */
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import type { CheckoutCatalogue, CheckoutPlot, CheckoutProduct } from '../../../server/modules/catalogue/checkout-catalogue.ts';

/** Wednesday 4 March 2026, 09:15 on the shop's wall clock. */
export const NOW = { date: '2026-03-04', time: '09:15:00' };

export const TOUR = 1;
export const AQUARIUM = 2;
export const GUIDEBOOK = 3;
export const ADULT = 21;
export const CHILD = 22;
export const STAFF = 23;
export const AUDIO_GUIDE = 31;
export const DONATION = 32;
export const PHOTO = 33;
/** Tour slots: tomorrow 15:00, and today 09:00 (already started). */
export const TOUR_SLOT = 100;
export const TOUR_STARTED = 101;
/** Aquarium slot whose adult price is €20.00 instead of €18.50. */
export const AQUARIUM_SLOT = 200;

const tour: CheckoutProduct = {
  id: TOUR,
  priceType: 'TIMESLOT',
  priceCents: 3500,
  hasDays: true,
  hasAudiences: false,
  minQuantity: 1,
  maxQuantity: 8,
  allowReservations: true,
  audiences: [],
  upsells: [
    { id: AUDIO_GUIDE, upsellType: 'STANDARD', priceCents: 400, maxQuantity: 3 },
    { id: DONATION, upsellType: 'DONATION', priceCents: 0, maxQuantity: 1 },
  ],
};

const audience = (audienceId: number, priceCents: number, extra: Partial<CheckoutProduct['audiences'][number]> = {}) => ({
  audienceId,
  priceCents,
  minQuantity: 0,
  maxQuantity: 20,
  fixedQuantity: false,
  dependant: false,
  hidden: false,
  group: null,
  ...extra,
});

const aquarium: CheckoutProduct = {
  id: AQUARIUM,
  priceType: 'AUDIENCE',
  priceCents: 950,
  hasDays: true,
  hasAudiences: true,
  minQuantity: 1,
  maxQuantity: 20,
  allowReservations: false,
  audiences: [audience(ADULT, 1850), audience(CHILD, 950, { dependant: true, maxQuantity: 10 }), audience(STAFF, 0, { hidden: true })],
  upsells: [{ id: PHOTO, upsellType: 'STANDARD', priceCents: 1200, maxQuantity: 2 }],
};

const guidebook: CheckoutProduct = {
  id: GUIDEBOOK,
  priceType: 'FIXED',
  priceCents: 1295,
  hasDays: false,
  hasAudiences: false,
  minQuantity: 1,
  maxQuantity: 5,
  allowReservations: false,
  audiences: [],
  upsells: [],
};

const plot = (id: number, productId: number, date: string, startTime: string | null, audiencePrices: [number, number][] = []): CheckoutPlot => ({
  id,
  productId,
  date,
  startTime,
  priceCents: null,
  capacity: 8,
  taken: null,
  maxOrders: null,
  orderCount: 0,
  audiencePrices: new Map(audiencePrices),
});

export const catalogue: Pick<CheckoutCatalogue, 'products' | 'plots'> = {
  products: new Map([tour, aquarium, guidebook].map((product) => [product.id, product])),
  plots: new Map(
    [
      plot(TOUR_SLOT, TOUR, '2026-03-05', '15:00:00'),
      plot(TOUR_STARTED, TOUR, '2026-03-04', '09:00:00'),
      plot(AQUARIUM_SLOT, AQUARIUM, '2026-03-05', '10:00:00', [[ADULT, 2000]]),
    ].map((entry) => [entry.id, entry]),
  ),
};

/** A submitted cart line, as the order contract parses it. */
export function line(
  product: { id: number; plot?: number | null; quantity: number },
  extra: { audiences?: Record<number, number>; upsells?: Record<number, { quantity: number; price?: number }> } = {},
): OrderLineRequest {
  return {
    product,
    audiences: Object.fromEntries(Object.entries(extra.audiences ?? {}).map(([id, quantity]) => [id, { quantity }])),
    upsells: Object.fromEntries(Object.entries(extra.upsells ?? {}).map(([id, choice]) => [id, choice])),
  };
}
