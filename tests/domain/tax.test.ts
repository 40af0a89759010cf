import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitGross, spreadByLargestRemainder, taxLines, totalsPerRate, validRateBp, type TaxRate } from '#domain/tax.ts';

const VAT9: TaxRate = { rateBp: 900, kind: 'STANDARD', name: 'VAT 9 %' };
const VAT21: TaxRate = { rateBp: 2100, kind: 'STANDARD', name: 'VAT 21 %' };
const EXEMPT: TaxRate = { rateBp: 0, kind: 'EXEMPT', name: 'Exempt' };

const rate = fc.record({
  rateBp: fc.integer({ min: 0, max: 10_000 }),
  kind: fc.constantFrom<TaxRate['kind']>('STANDARD', 'ZERO_RATED', 'EXEMPT'),
  name: fc.constantFrom('A', 'B', 'C'),
});

describe('tax on a gross price', () => {
  it.each([
    [2450, VAT9, 2248, 202],
    [1200, VAT21, 992, 208],
    [1, VAT21, 1, 0],
    [121, VAT21, 100, 21],
    [-2450, VAT9, -2248, -202],
    [5000, EXEMPT, 5000, 0],
    [5000, { rateBp: 2100, kind: 'ZERO_RATED', name: '0 %' } as TaxRate, 5000, 0],
  ])('%i gross at %o: net %i, tax %i', (gross, at, net, tax) => {
    expect(splitGross(gross, at)).toEqual({ netCents: net, taxCents: tax });
  });

  it('splits every gross exactly, with the tax the rate asks to within half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000 }), (gross, bp) => {
        const { netCents, taxCents } = splitGross(gross, { rateBp: bp, kind: 'STANDARD' });
        expect(netCents + taxCents).toBe(gross);
        // net × (1 + rate) is the gross to within half a cent of net.
        expect(Math.abs(netCents * (10_000 + bp) - gross * 10_000)).toBeLessThanOrEqual((10_000 + bp) / 2);
        expect(splitGross(-gross, { rateBp: bp, kind: 'STANDARD' }).netCents).toBe(-netCents || 0);
      }),
    );
  });

  it('knows the rates a rule may have', () => {
    expect([0, 900, 10_000].map(validRateBp)).toEqual([true, true, true]);
    expect([-1, 10_001, 9.5, Number.NaN].map(validRateBp)).toEqual([false, false, false, false]);
  });
});

describe('spreading a discount by the largest remainder', () => {
  it('gives the odd cents to the largest remainders', () => {
    expect(spreadByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByLargestRemainder(500, [2450, 1200])).toEqual([336, 164]);
    expect(spreadByLargestRemainder(-10, [1, 3])).toEqual([-3, -7]);
    expect(spreadByLargestRemainder(7, [0, 0])).toEqual([0, 0]);
  });

  it('adds up exactly and never gives a weight more than itself', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }), fc.nat(), (weights, seed) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const total = sum === 0 ? 0 : seed % (sum + 1);
        const shares = spreadByLargestRemainder(total, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.forEach((share, index) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(weights[index] ?? 0);
        });
      }),
    );
  });
});

describe('an order taxed line by line', () => {
  it('two adult tickets at 9 % and a guidebook at 21 %', () => {
    const lines = taxLines(
      [
        { ref: 'adult', quantity: 2, grossCents: 4900, discountable: true, rate: VAT9 },
        { ref: 'guidebook', quantity: 1, grossCents: 1250, discountable: false, rate: VAT21 },
      ],
      0,
    );
    expect(lines.map((line) => [line.grossCents, line.netCents, line.taxCents])).toEqual([
      [4900, 4495, 405],
      [1250, 1033, 217],
    ]);
    expect(totalsPerRate(lines).map((rate) => [rate.rateBp, rate.taxCents])).toEqual([
      [2100, 217],
      [900, 405],
    ]);
  });

  it('takes a coupon off the tickets only, and off tickets of several rates in proportion', () => {
    const lines = taxLines(
      [
        { ref: 'tour', quantity: 1, grossCents: 3000, discountable: true, rate: VAT9 },
        { ref: 'workshop', quantity: 1, grossCents: 1000, discountable: true, rate: VAT21 },
        { ref: 'book', quantity: 1, grossCents: 1250, discountable: false, rate: VAT21 },
      ],
      1001,
    );
    expect(lines.map((line) => line.discountCents)).toEqual([751, 250, 0]);
    expect(lines.map((line) => line.grossCents)).toEqual([2249, 750, 1250]);
  });

  it('the lines add up to the order: gross − discount, net + tax per line, per rate and in all', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 50 }),
      grossCents: fc.integer({ min: 0, max: 500_000 }),
      discountable: fc.boolean(),
      rate,
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 3_000_000 }), (input, discount) => {
        const taxed = taxLines(
          input.map((each, ref) => ({ ...each, ref })),
          discount,
        );
        const eligible = input.some((each) => each.discountable) ? input.filter((each) => each.discountable) : input;
        const applied = Math.min(
          discount,
          eligible.reduce((a, b) => a + b.grossCents, 0),
        );
        const gross = taxed.reduce((a, b) => a + b.grossCents, 0);
        expect(gross).toBe(input.reduce((a, b) => a + b.grossCents, 0) - applied);
        for (const each of taxed) {
          expect(each.netCents + each.taxCents).toBe(each.grossCents);
          expect(each.grossCents).toBeGreaterThanOrEqual(0);
          if (each.rate.kind !== 'STANDARD' || each.rate.rateBp === 0) expect(each.taxCents).toBe(0);
        }
        const perRate = totalsPerRate(taxed);
        expect(perRate.reduce((a, b) => a + b.grossCents, 0)).toBe(gross);
        expect(perRate.reduce((a, b) => a + b.taxCents, 0)).toBe(taxed.reduce((a, b) => a + b.taxCents, 0));
        expect(perRate.reduce((a, b) => a + b.netCents, 0)).toBe(taxed.reduce((a, b) => a + b.netCents, 0));
      }),
    );
  });
});
