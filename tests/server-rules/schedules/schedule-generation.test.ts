import { describe, expect, it } from 'vitest';
import {
  capacityRefusal,
  generateSlots,
  planRegeneration,
  scheduleSchema,
  type ExistingSlot,
  type GeneratedSlot,
  type ScheduleInput,
} from '#domain/schedule/schedule-rules.ts';
import { daysOf, wallClockExistsIn } from '../../../server/modules/schedules/recurrence.ts';

const amsterdam = { daysOf, exists: wallClockExistsIn('Europe/Amsterdam') };
const terms = { capacity: 50, maxOrders: null, priceCents: null, audiencePrices: [] };
const schedule = (input: ScheduleInput) => scheduleSchema.parse(input);
const starts = (slots: GeneratedSlot[]) => slots.map((slot) => `${slot.date} ${slot.startTime ?? 'all-day'}`);

describe('weekly patterns', () => {
  it('give the chosen weekdays only, Monday being 1', () => {
    // 2027-03-01 is a Monday.
    const slots = generateSlots(
      schedule({ seasons: [{ from: '2027-03-01', until: null, patterns: [{ weekdays: [1, 3], start: '10:00', end: '11:00', ...terms }] }] }),
      { from: '2027-03-01', until: '2027-03-14' },
      amsterdam,
    );
    expect(starts(slots)).toEqual(['2027-03-01 10:00:00', '2027-03-03 10:00:00', '2027-03-08 10:00:00', '2027-03-10 10:00:00']);
    expect(slots[0]).toMatchObject({ endTime: '11:00:00', capacity: 50 });
  });

  it('cut start to end in slots of the given length, none running past the end', () => {
    const slots = generateSlots(
      schedule({
        seasons: [{ from: '2027-03-01', until: '2027-03-01', patterns: [{ weekdays: [1], start: '09:00', end: '10:45', slotMinutes: 30, ...terms }] }],
      }),
      { from: '2027-03-01', until: '2027-03-31' },
      amsterdam,
    );
    expect(slots.map((slot) => `${slot.startTime}-${slot.endTime}`)).toEqual(['09:00:00-09:30:00', '09:30:00-10:00:00', '10:00:00-10:30:00']);
  });

  it('give one whole-day slot for an all-day pattern', () => {
    const slots = generateSlots(
      schedule({ seasons: [{ from: '2027-03-06', until: '2027-03-07', patterns: [{ weekdays: [6, 7], allDay: true, ...terms }] }] }),
      { from: '2027-03-01', until: '2027-03-31' },
      amsterdam,
    );
    expect(slots).toEqual([
      { date: '2027-03-06', startTime: null, endTime: null, ...terms },
      { date: '2027-03-07', startTime: null, endTime: null, ...terms },
    ]);
  });

  it('every other week counts from the season’s first week, not from the window', () => {
    const input = schedule({ seasons: [{ from: '2027-03-01', until: null, patterns: [{ weekdays: [1], everyWeeks: 2, allDay: true, ...terms }] }] });
    expect(starts(generateSlots(input, { from: '2027-03-08', until: '2027-04-05' }, amsterdam))).toEqual(['2027-03-15 all-day', '2027-03-29 all-day']);
  });
});

describe('seasons', () => {
  const summer = { from: '2027-06-01', until: '2027-06-03', patterns: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], allDay: true, ...terms }] };

  it('include their first and last day and nothing outside', () => {
    expect(starts(generateSlots(schedule({ seasons: [summer] }), { from: '2027-05-01', until: '2027-07-01' }, amsterdam))).toEqual([
      '2027-06-01 all-day',
      '2027-06-02 all-day',
      '2027-06-03 all-day',
    ]);
  });

  it('are cut by the window on both sides', () => {
    expect(starts(generateSlots(schedule({ seasons: [summer] }), { from: '2027-06-02', until: '2027-06-02' }, amsterdam))).toEqual(['2027-06-02 all-day']);
  });

  it('listed later replace earlier ones on the days they share', () => {
    const base = { from: '2027-01-01', until: null, patterns: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '10:00', end: '17:00', ...terms }] };
    const holiday = { from: '2027-06-02', until: '2027-06-02', patterns: [{ weekdays: [3], start: '12:00', end: '13:00', ...terms, capacity: 5 }] };
    const slots = generateSlots(schedule({ seasons: [base, holiday] }), { from: '2027-06-01', until: '2027-06-03' }, amsterdam);
    expect(slots.map((slot) => `${slot.date} ${slot.startTime} ${slot.capacity}`)).toEqual([
      '2027-06-01 10:00:00 50',
      '2027-06-02 12:00:00 5',
      '2027-06-03 10:00:00 50',
    ]);
  });

  it('a season ending before it starts is refused', () => {
    expect(scheduleSchema.safeParse({ seasons: [{ ...summer, until: '2027-05-01' }] }).success).toBe(false);
  });
});

describe('closed days and extra slots', () => {
  const daily = { from: '2027-01-01', until: null, patterns: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '10:00', end: '11:00', ...terms }] };

  it('a closed day has no slot at all, extra ones included', () => {
    const slots = generateSlots(
      schedule({
        seasons: [daily],
        closedDays: ['2027-12-25'],
        extraSlots: [{ date: '2027-12-25', start: '20:00', end: '21:00', ...terms }],
      }),
      { from: '2027-12-24', until: '2027-12-26' },
      amsterdam,
    );
    expect(starts(slots)).toEqual(['2027-12-24 10:00:00', '2027-12-26 10:00:00']);
  });

  it('an extra slot is added in order, and replaces a season’s slot at the same start', () => {
    const slots = generateSlots(
      schedule({
        seasons: [daily],
        extraSlots: [
          { date: '2027-12-24', start: '08:00', end: '09:00', ...terms, capacity: 3 },
          { date: '2027-12-24', start: '10:00', end: '12:00', ...terms, capacity: 9 },
        ],
      }),
      { from: '2027-12-24', until: '2027-12-24' },
      amsterdam,
    );
    expect(slots.map((slot) => `${slot.startTime}-${slot.endTime} ${slot.capacity}`)).toEqual(['08:00:00-09:00:00 3', '10:00:00-12:00:00 9']);
  });

  it('a slot ending before it starts is refused', () => {
    expect(scheduleSchema.safeParse({ seasons: [], extraSlots: [{ date: '2027-12-24', start: '10:00', end: '09:00', ...terms }] }).success).toBe(false);
    expect(scheduleSchema.safeParse({ seasons: [{ ...daily, patterns: [{ weekdays: [1], start: '10:00', end: '10:00', ...terms }] }] }).success).toBe(false);
  });

  it('prices below zero or over the money limit are refused', () => {
    expect(scheduleSchema.safeParse({ seasons: [{ ...daily, patterns: [{ ...daily.patterns[0], priceCents: -1 }] }] }).success).toBe(false);
    expect(scheduleSchema.safeParse({ seasons: [{ ...daily, patterns: [{ ...daily.patterns[0], priceCents: 1_000_000_01 }] }] }).success).toBe(false);
  });
});

describe('DST in the organisation’s timezone (Europe/Amsterdam)', () => {
  const nightly = (start: string, end: string) =>
    schedule({ seasons: [{ from: '2027-01-01', until: null, patterns: [{ weekdays: [7], start, end, slotMinutes: 30, ...terms }] }] });

  it('slots keep their wall-clock times across the change to summer time', () => {
    // 2027-03-28 (a Sunday) clocks go from 02:00 to 03:00.
    const slots = generateSlots(nightly('09:00', '10:00'), { from: '2027-03-21', until: '2027-04-04' }, amsterdam);
    expect(starts(slots)).toEqual([
      '2027-03-21 09:00:00',
      '2027-03-21 09:30:00',
      '2027-03-28 09:00:00',
      '2027-03-28 09:30:00',
      '2027-04-04 09:00:00',
      '2027-04-04 09:30:00',
    ]);
  });

  it('the hour skipped when clocks go forward gives no slot', () => {
    const slots = generateSlots(nightly('01:30', '03:30'), { from: '2027-03-28', until: '2027-03-28' }, amsterdam);
    expect(starts(slots)).toEqual(['2027-03-28 01:30:00', '2027-03-28 03:00:00']);
  });

  it('the hour that happens twice when clocks go back gives each slot once', () => {
    // 2027-10-31 (a Sunday) clocks go from 03:00 back to 02:00.
    const slots = generateSlots(nightly('02:00', '03:00'), { from: '2027-10-31', until: '2027-10-31' }, amsterdam);
    expect(starts(slots)).toEqual(['2027-10-31 02:00:00', '2027-10-31 02:30:00']);
  });

  it('in a timezone without DST every start exists', () => {
    const slots = generateSlots(nightly('02:00', '03:00'), { from: '2027-03-28', until: '2027-03-28' }, { daysOf, exists: wallClockExistsIn('UTC') });
    expect(slots).toHaveLength(2);
  });
});

describe('regeneration never loses a sold place', () => {
  const existing = (overrides: Partial<ExistingSlot>): ExistingSlot => ({
    id: 1,
    date: '2027-06-01',
    startTime: '10:00:00',
    endTime: '11:00:00',
    capacity: 50,
    maxOrders: null,
    priceCents: null,
    audiencePrices: [],
    taken: 0,
    sold: 0,
    orderCount: 0,
    closed: false,
    pinned: false,
    ...overrides,
  });
  const wanted = (overrides: Partial<GeneratedSlot>): GeneratedSlot => ({
    date: '2027-06-01',
    startTime: '10:00:00',
    endTime: '11:00:00',
    ...terms,
    ...overrides,
  });

  it('deletes only untouched slots no longer given, and closes booked ones', () => {
    const plan = planRegeneration([existing({ id: 1 }), existing({ id: 2, startTime: '12:00:00', sold: 2, taken: 2, orderCount: 1 })], []);
    expect(plan.remove).toEqual([1]);
    expect(plan.close).toEqual([{ id: 2, taken: 2 }]);
  });

  it('a slot with only a live hold is not deleted', () => {
    expect(planRegeneration([existing({ taken: 1 })], []).remove).toEqual([]);
  });

  it('refuses a capacity below the places taken, naming them', () => {
    const plan = planRegeneration([existing({ taken: 8, sold: 8 })], [wanted({ capacity: 5 })]);
    expect(plan.refusals).toEqual([{ id: 1, date: '2027-06-01', startTime: '10:00:00', taken: 8, capacity: 5 }]);
    expect(plan.change).toEqual([]);
  });

  it('changes a slot’s terms down to exactly what is taken', () => {
    const plan = planRegeneration([existing({ taken: 8, sold: 8 })], [wanted({ capacity: 8, priceCents: 1200 })]);
    expect(plan.change).toEqual([{ id: 1, slot: wanted({ capacity: 8, priceCents: 1200 }), taken: 8 }]);
  });

  it('adds what is missing, leaves equal and hand-edited slots alone', () => {
    const plan = planRegeneration(
      [existing({ id: 1 }), existing({ id: 2, startTime: '12:00:00', pinned: true, capacity: 3 })],
      [wanted({}), wanted({ startTime: '12:00:00', endTime: '13:00:00' }), wanted({ startTime: '14:00:00' })],
    );
    expect(plan).toEqual({ add: [wanted({ startTime: '14:00:00' })], change: [], remove: [], close: [], refusals: [] });
  });

  it('capacityRefusal: unlimited never refuses; equal to taken is allowed', () => {
    expect(capacityRefusal(null, 100)).toBeNull();
    expect(capacityRefusal(4, 4)).toBeNull();
    expect(capacityRefusal(3, 4)).toEqual({ code: 'CAPACITY_BELOW_TAKEN', taken: 4 });
  });
});
