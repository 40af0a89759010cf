/**
 * The validate step of a checkout (server/modules/checkout/line-check.ts) on its own: a submitted
 * cart line against the catalogue as read, with no HTTP and no database. The HTTP tests keep one
 * refusal per code (tests/server/checkout/orders.test.ts); the rules are exercised here.
 */
import { describe, expect, it } from 'vitest';
import { checkLine, checkUpsellChoices } from '../../../server/modules/checkout/line-check.ts';
import { AppError } from '../../../server/errors.ts';
import {
  ADULT,
  AQUARIUM,
  AQUARIUM_SLOT,
  AUDIO_GUIDE,
  catalogue,
  CHILD,
  DONATION,
  GUIDEBOOK,
  line,
  NOW,
  PHOTO,
  STAFF,
  TOUR,
  TOUR_SLOT,
  TOUR_STARTED,
} from './catalogue.fixture.ts';

function refusalOf(run: () => unknown): { code: string; status: number } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, status: error.statusCode };
    throw error;
  }
  throw new Error('expected a refusal, got none');
}

const check = (submitted: Parameters<typeof checkLine>[0]) => checkLine(submitted, catalogue, NOW);

describe('checkLine: a line that passes', () => {
  it('prices the tickets on the slot and the chosen upsells, and answers the order lines to write', () => {
    const checked = check(line({ id: TOUR, plot: TOUR_SLOT, quantity: 2 }, { upsells: { [AUDIO_GUIDE]: { quantity: 1 } } }));
    expect(checked).toMatchObject({ quantity: 2, productCents: 7000, upsellCents: 400 });
    expect(checked.plot?.id).toBe(TOUR_SLOT);
    expect(checked.rows).toEqual([
      { kind: 'TICKET', quantity: 2, unitPriceCents: 3500 },
      { kind: 'UPSELL', upsellId: AUDIO_GUIDE, quantity: 1, unitPriceCents: 400 },
    ]);
  });

  it("prices audiences at the slot's own price where it has one, one order line per audience", () => {
    const checked = check(line({ id: AQUARIUM, plot: AQUARIUM_SLOT, quantity: 3 }, { audiences: { [ADULT]: 2, [CHILD]: 1 } }));
    expect(checked.productCents).toBe(2 * 2000 + 950);
    expect(checked.rows).toEqual([
      { kind: 'AUDIENCE', audienceId: ADULT, quantity: 2, unitPriceCents: 2000 },
      { kind: 'AUDIENCE', audienceId: CHILD, quantity: 1, unitPriceCents: 950 },
    ]);
  });

  it('books a product without days with no plot, between its minimum and maximum', () => {
    expect(check(line({ id: GUIDEBOOK, quantity: 5 })).productCents).toBe(5 * 1295);
    expect(check(line({ id: GUIDEBOOK, quantity: 1 })).plot).toBeNull();
  });

  it('leaves audiences asked at 0 out', () => {
    const checked = check(line({ id: AQUARIUM, plot: AQUARIUM_SLOT, quantity: 1 }, { audiences: { [ADULT]: 1, [CHILD]: 0 } }));
    expect(checked.rows.map((row) => row.kind === 'AUDIENCE' && row.audienceId)).toEqual([ADULT]);
  });
});

describe('checkLine: refusals', () => {
  const tour = (quantity: number, plot: number | null = TOUR_SLOT) => line({ id: TOUR, plot, quantity });
  const aquarium = (audiences: Record<number, number>, quantity = Object.values(audiences).reduce((sum, count) => sum + count, 0)) =>
    line({ id: AQUARIUM, plot: AQUARIUM_SLOT, quantity }, { audiences });

  it.each([
    ['an unknown product', line({ id: 999, quantity: 1 }), 'PRODUCT_NOT_AVAILABLE', 404],
    ['a product with days without a plot', tour(1, null), 'PLOT_REQUIRED', 400],
    ['a plot of another product', tour(1, AQUARIUM_SLOT), 'PLOT_NOT_AVAILABLE', 400],
    ['an unknown plot', tour(1, 999), 'PLOT_NOT_AVAILABLE', 400],
    ['a slot that has started', tour(1, TOUR_STARTED), 'PLOT_NOT_AVAILABLE', 400],
    ['a plot for a product without days', line({ id: GUIDEBOOK, plot: TOUR_SLOT, quantity: 1 }), 'PLOT_NOT_AVAILABLE', 400],
    ['zero tickets', tour(0), 'QUANTITY_INVALID', 400],
    ['more tickets than the product allows', tour(9), 'QUANTITY_INVALID', 400],
    ['audiences on a product without them', line({ id: TOUR, plot: TOUR_SLOT, quantity: 1 }, { audiences: { [ADULT]: 1 } }), 'AUDIENCE_INVALID', 400],
    ['an audience the product does not offer', aquarium({ [ADULT]: 1, 99: 1 }), 'AUDIENCE_INVALID', 400],
    ['a hidden audience', aquarium({ [ADULT]: 1, [STAFF]: 1 }), 'AUDIENCE_INVALID', 400],
    ['an audience beyond its own maximum', aquarium({ [ADULT]: 1, [CHILD]: 11 }), 'AUDIENCE_INVALID', 400],
    ['audiences beyond the product maximum together', aquarium({ [ADULT]: 15, [CHILD]: 6 }), 'QUANTITY_INVALID', 400],
    ['a dependant audience alone', aquarium({ [CHILD]: 2 }), 'QUANTITY_INVALID', 400],
    ['a quantity that is not the audience total', aquarium({ [ADULT]: 2, [CHILD]: 1 }, 4), 'QUANTITY_INVALID', 400],
    ['an upsell of another product', line({ id: TOUR, plot: TOUR_SLOT, quantity: 1 }, { upsells: { [PHOTO]: { quantity: 1 } } }), 'UPSELL_INVALID', 400],
  ])('refuses %s', (_name, submitted, code, status) => {
    expect(refusalOf(() => check(submitted))).toEqual({ code, status });
  });
});

describe('checkUpsellChoices', () => {
  const offered = catalogue.products.get(TOUR)!.upsells;

  it('prices a standard upsell at its own price, whatever price was sent', () => {
    expect(checkUpsellChoices({ [AUDIO_GUIDE]: { quantity: 3, price: 0 } }, offered)).toEqual([
      { upsellId: AUDIO_GUIDE, upsellType: 'STANDARD', unitPriceCents: 400, quantity: 3 },
    ]);
  });

  it('takes a donation at the amount given, once, and leaves out a donation of 0 and upsells asked at 0', () => {
    expect(checkUpsellChoices({ [DONATION]: { quantity: 1, price: 12.5 } }, offered)).toEqual([
      { upsellId: DONATION, upsellType: 'DONATION', unitPriceCents: 1250, quantity: 1 },
    ]);
    expect(checkUpsellChoices({ [DONATION]: { quantity: 1, price: 0 }, [AUDIO_GUIDE]: { quantity: 0 } }, offered)).toEqual([]);
  });

  it.each([
    ['an upsell not offered', { [PHOTO]: { quantity: 1 } }],
    ['more than its maximum', { [AUDIO_GUIDE]: { quantity: 4 } }],
    ['a donation with 3 decimals', { [DONATION]: { quantity: 1, price: 5.123 } }],
    ['a donation counted twice', { [DONATION]: { quantity: 2, price: 5 } }],
  ])('refuses %s with UPSELL_INVALID', (_name, choices) => {
    expect(refusalOf(() => checkUpsellChoices(choices, offered))).toEqual({ code: 'UPSELL_INVALID', status: 400 });
  });
});
