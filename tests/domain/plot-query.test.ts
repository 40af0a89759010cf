import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildPlotQuery,
  dayInTimeZone,
  DEFAULT_PLOT_QUERY,
  orderedQuantity,
  parsePlotQuery,
  plotOrderBeyondLimits,
  plotWindow,
  type PlotQuery,
  type PlotQueryProblem,
} from '#domain/plot-query.ts';
import { isCalendarDate } from '#domain/calendar-date.ts';

describe('parsePlotQuery accepts', () => {
  const cases: { name: string; raw: Record<string, unknown>; expected: Partial<PlotQuery> }[] = [
    { name: 'nothing (the defaults)', raw: {}, expected: {} },
    { name: 'a regular quantity', raw: { 'order[quantity]': '3' }, expected: { order: { quantity: 3 } } },
    { name: 'a quantity given as a number', raw: { 'order[quantity]': 4 }, expected: { order: { quantity: 4 } } },
    { name: 'a quantity of zero', raw: { 'order[quantity]': '0' }, expected: { order: { quantity: 0 } } },
    {
      name: 'audiences in index order, whatever the key order',
      raw: {
        'order[audiences][1][quantity]': '1',
        'order[audiences][0][id]': '7',
        'order[audiences][1][id]': '9',
        'order[audiences][0][quantity]': '2',
      },
      expected: {
        order: {
          audiences: [
            { id: 7, quantity: 2 },
            { id: 9, quantity: 1 },
          ],
        },
      },
    },
    {
      name: 'sparse audience indexes',
      raw: { 'order[audiences][4][id]': '7', 'order[audiences][4][quantity]': '5' },
      expected: { order: { audiences: [{ id: 7, quantity: 5 }] } },
    },
    {
      name: 'a date window',
      raw: { filterFrom: '2026-02-01', filterUntil: '2026-02-28' },
      expected: { filterFrom: '2026-02-01', filterUntil: '2026-02-28' },
    },
    {
      name: 'a one-day window',
      raw: { filterFrom: '2024-02-29', filterUntil: '2024-02-29' },
      expected: { filterFrom: '2024-02-29', filterUntil: '2024-02-29' },
    },
    { name: 'ordering', raw: { orderingCol: 'date', orderingDir: 'desc' }, expected: { orderingCol: 'date', orderingDir: 'desc' } },
    { name: 'ordering in capitals', raw: { orderingCol: 'DATE', orderingDir: 'ASC' }, expected: { orderingDir: 'asc' } },
    { name: 'a rebook plot', raw: { rebookPlot: '42' }, expected: { rebookPlot: 42 } },
    { name: 'the largest id', raw: { rebookPlot: '2147483647' }, expected: { rebookPlot: 2147483647 } },
    { name: 'unknown and empty keys, ignored', raw: { language: 'nl', _: '123', filterFrom: '' }, expected: {} },
  ];

  it.each(cases)('$name', ({ raw, expected }) => {
    expect(parsePlotQuery(raw)).toEqual({ ok: true, query: { ...DEFAULT_PLOT_QUERY, ...expected } });
  });
});

describe('parsePlotQuery refuses', () => {
  const cases: { name: string; raw: Record<string, unknown>; problems: PlotQueryProblem[] }[] = [
    { name: 'a negative quantity', raw: { 'order[quantity]': '-1' }, problems: [{ param: 'order[quantity]', rule: 'whole_number' }] },
    { name: 'a fractional quantity', raw: { 'order[quantity]': '1.5' }, problems: [{ param: 'order[quantity]', rule: 'whole_number' }] },
    { name: 'a word as quantity', raw: { 'order[quantity]': 'two' }, problems: [{ param: 'order[quantity]', rule: 'whole_number' }] },
    { name: 'an absurd quantity', raw: { 'order[quantity]': '100001' }, problems: [{ param: 'order[quantity]', rule: 'whole_number' }] },
    {
      name: 'a quantity and audiences at once',
      raw: { 'order[quantity]': '2', 'order[audiences][0][id]': '1', 'order[audiences][0][quantity]': '1' },
      problems: [{ param: 'order', rule: 'ambiguous' }],
    },
    {
      name: 'an audience without quantity',
      raw: { 'order[audiences][0][id]': '1' },
      problems: [{ param: 'order[audiences][0][quantity]', rule: 'required' }],
    },
    {
      name: 'an audience without id',
      raw: { 'order[audiences][0][quantity]': '1' },
      problems: [{ param: 'order[audiences][0][id]', rule: 'required' }],
    },
    {
      name: 'an audience id of zero',
      raw: { 'order[audiences][0][id]': '0', 'order[audiences][0][quantity]': '1' },
      problems: [{ param: 'order[audiences][0][id]', rule: 'whole_number' }],
    },
    {
      name: 'the same audience twice',
      raw: {
        'order[audiences][0][id]': '3',
        'order[audiences][0][quantity]': '1',
        'order[audiences][1][id]': '3',
        'order[audiences][1][quantity]': '2',
      },
      problems: [{ param: 'order[audiences][1][id]', rule: 'duplicate' }],
    },
    { name: 'a day that does not exist', raw: { filterFrom: '2025-02-29' }, problems: [{ param: 'filterFrom', rule: 'date' }] },
    { name: 'a date in another format', raw: { filterUntil: '01-02-2026' }, problems: [{ param: 'filterUntil', rule: 'date' }] },
    { name: 'a timestamp', raw: { filterFrom: '2026-02-01T00:00:00Z' }, problems: [{ param: 'filterFrom', rule: 'date' }] },
    {
      name: 'a window that ends before it starts',
      raw: { filterFrom: '2026-03-01', filterUntil: '2026-02-28' },
      problems: [{ param: 'filterUntil', rule: 'date_range' }],
    },
    { name: 'an unknown ordering column', raw: { orderingCol: 'price' }, problems: [{ param: 'orderingCol', rule: 'one_of' }] },
    { name: 'an unknown direction', raw: { orderingDir: 'up' }, problems: [{ param: 'orderingDir', rule: 'one_of' }] },
    { name: 'a rebook plot that is no id', raw: { rebookPlot: 'abc' }, problems: [{ param: 'rebookPlot', rule: 'whole_number' }] },
    { name: 'a rebook plot beyond integer', raw: { rebookPlot: '2147483648' }, problems: [{ param: 'rebookPlot', rule: 'whole_number' }] },
    { name: 'a repeated key', raw: { filterFrom: ['2026-01-01', '2026-01-02'] }, problems: [{ param: 'filterFrom', rule: 'single_value' }] },
    {
      name: 'several things at once',
      raw: { filterFrom: 'x', orderingDir: 'sideways' },
      problems: [
        { param: 'filterFrom', rule: 'date' },
        { param: 'orderingDir', rule: 'one_of' },
      ],
    },
  ];

  it.each(cases)('$name', ({ raw, problems }) => {
    expect(parsePlotQuery(raw)).toEqual({ ok: false, problems });
  });
});

describe('buildPlotQuery', () => {
  const cases: { name: string; query: Partial<PlotQuery>; params: Record<string, string> }[] = [
    { name: 'nothing', query: {}, params: {} },
    { name: 'a regular order', query: { order: { quantity: 2 } }, params: { 'order[quantity]': '2' } },
    {
      name: 'an audience order',
      query: {
        order: {
          audiences: [
            { id: 5, quantity: 2 },
            { id: 6, quantity: 0 },
          ],
        },
      },
      params: {
        'order[audiences][0][id]': '5',
        'order[audiences][0][quantity]': '2',
        'order[audiences][1][id]': '6',
        'order[audiences][1][quantity]': '0',
      },
    },
    {
      name: 'the calendar window',
      query: { filterFrom: '2026-01-01', filterUntil: '2026-03-01', orderingCol: 'date', orderingDir: 'asc' },
      params: { filterFrom: '2026-01-01', filterUntil: '2026-03-01', orderingCol: 'date', orderingDir: 'asc' },
    },
    { name: 'a rebooking', query: { rebookPlot: 12, order: null }, params: { rebookPlot: '12' } },
  ];

  it.each(cases)('$name', ({ query, params }) => {
    expect(buildPlotQuery(query)).toEqual(params);
  });

  it.each(cases)('round-trips through parsePlotQuery: $name', ({ query }) => {
    expect(parsePlotQuery(buildPlotQuery(query))).toEqual({ ok: true, query: { ...DEFAULT_PLOT_QUERY, ...query } });
  });
});

describe('orderedQuantity', () => {
  it.each([
    { order: null, expected: null },
    { order: { quantity: 3 }, expected: 3 },
    { order: { audiences: [] }, expected: 0 },
    {
      order: {
        audiences: [
          { id: 1, quantity: 2 },
          { id: 2, quantity: 5 },
        ],
      },
      expected: 7,
    },
  ])('$order → $expected', ({ order, expected }) => {
    expect(orderedQuantity(order)).toBe(expected);
  });
});

describe('plotOrderBeyondLimits', () => {
  const limits = {
    max: 20,
    audienceMax: new Map([
      [1, 20],
      [2, 5],
    ]),
  };

  it('lets an order up to the product maximum through, each audience up to its own', () => {
    expect(plotOrderBeyondLimits(null, limits)).toBeNull();
    expect(plotOrderBeyondLimits({ quantity: 20 }, limits)).toBeNull();
    expect(
      plotOrderBeyondLimits(
        {
          audiences: [
            { id: 1, quantity: 15 },
            { id: 2, quantity: 5 },
          ],
        },
        limits,
      ),
    ).toBeNull();
  });

  it('names the parameter beyond the limits: the quantity, an audience, or the order as a whole', () => {
    expect(plotOrderBeyondLimits({ quantity: 21 }, limits)).toBe('order[quantity]');
    expect(plotOrderBeyondLimits({ quantity: 10_000 }, limits)).toBe('order[quantity]');
    expect(
      plotOrderBeyondLimits(
        {
          audiences: [
            { id: 1, quantity: 1 },
            { id: 2, quantity: 6 },
          ],
        },
        limits,
      ),
    ).toBe('order[audiences][1][quantity]');
    expect(
      plotOrderBeyondLimits(
        {
          audiences: [
            { id: 1, quantity: 16 },
            { id: 2, quantity: 5 },
          ],
        },
        limits,
      ),
    ).toBe('order');
  });
});

describe('isCalendarDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['2026-4-01', false],
    ['2026-02-30', false],
    ['0000-01-01', false],
    ['0001-01-01', true],
    ['0099-12-31', true],
    ['9999-12-31', true],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('the storefront plot window', () => {
  it('starts today in the organisation timezone, not the visitor clock', () => {
    // 23:30 UTC on 31 March is already 1 April in Amsterdam, still 31 March in New York.
    const now = new Date('2026-03-31T23:30:00Z');
    expect(dayInTimeZone(now, 'Europe/Amsterdam')).toBe('2026-04-01');
    expect(dayInTimeZone(now, 'America/New_York')).toBe('2026-03-31');
    expect(plotWindow(now, 'Europe/Amsterdam')).toEqual({ filterFrom: '2026-04-01', filterUntil: '2026-05-30' });
  });

  it('is 60 calendar days, today the first', () => {
    const { filterFrom, filterUntil } = plotWindow(new Date('2026-11-26T10:00:00Z'), 'Europe/Amsterdam');
    const days = (Date.parse(`${filterUntil}T00:00:00Z`) - Date.parse(`${filterFrom}T00:00:00Z`)) / 86_400_000 + 1;
    expect(days).toBe(60);
  });

  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2026-12-15', 60)).toBe('2027-02-13');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('is sent as filterFrom and filterUntil, which the API reads back', () => {
    const window = plotWindow(new Date('2026-06-01T10:00:00Z'), 'Europe/Amsterdam');
    const params = buildPlotQuery({ order: { quantity: 2 }, ...window });
    expect(params).toMatchObject({ filterFrom: '2026-06-01', filterUntil: '2026-07-30' });
    const parsed = parsePlotQuery(params);
    expect(parsed.ok && parsed.query).toMatchObject({ filterFrom: '2026-06-01', filterUntil: '2026-07-30', order: { quantity: 2 } });
  });
});
