import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatMonth, formatVisit, formatWeekday, zonedInstant } from '#domain/date-text.ts';

describe('dates in words: one rule for every text', () => {
  it('writes a day with its weekday, day, month and year, in each language', () => {
    expect(formatDay('2026-11-27', 'en')).toMatch(/^Friday,? 27 November 2026$/);
    expect(formatDay('2026-11-27', 'nl')).toBe('vrijdag 27 november 2026');
    expect(formatDay('2026-11-27', 'de')).toBe('Freitag, 27. November 2026');
    expect(formatDay('2026-11-27', 'fr')).toBe('vendredi 27 novembre 2026');
    expect(formatDay('2026-11-27', 'es')).toMatch(/^viernes, 27 de noviembre de 2026$/);
  });

  it('keeps the calendar day whatever the timezone of the process', () => {
    // UTC noon of the day: neither Kiritimati (+14) nor Baker Island (-12) can move it.
    expect(formatDay('2026-01-01', 'en')).toMatch(/1 January 2026$/);
    expect(formatDay('2026-12-31', 'en')).toMatch(/31 December 2026$/);
  });

  it('has a short style for compact lists', () => {
    expect(formatDay('2026-11-27', 'en', 'short')).toMatch(/^Fri,? 27 Nov 2026$/);
  });

  it('adds a visit’s time as HH:MM - HH:MM; a whole-day visit is its day alone', () => {
    expect(formatVisit('2026-11-27', { start: '14:00:00', end: '15:30:00' }, 'en')).toMatch(/^Friday,? 27 November 2026, 14:00 - 15:30$/);
    expect(formatVisit('2026-11-27', { start: '14:00', end: null }, 'nl')).toBe('vrijdag 27 november 2026, 14:00');
    expect(formatVisit('2026-11-27', { start: null, end: null }, 'en')).toBe(formatDay('2026-11-27', 'en'));
  });

  it('writes a moment as its day and 24-hour time in the organisation’s timezone', () => {
    const moment = new Date('2026-11-27T23:30:00Z');
    expect(formatMoment(moment, 'en', 'Europe/Amsterdam')).toMatch(/^Saturday,? 28 November 2026.*00:30$/);
    expect(formatMoment(moment, 'en', 'America/New_York')).toMatch(/^Friday,? 27 November 2026.*18:30$/);
  });

  it('names months and weekdays for the calendar', () => {
    expect(formatMonth('2026-11', 'de')).toBe('November 2026');
    expect(formatWeekday('2024-01-01', 'fr', 'long')).toBe('lundi');
  });
});

describe('zonedInstant', () => {
  it('turns a wall time of a timezone into its instant, on both sides of a clock change', () => {
    expect(zonedInstant('2030-06-12', '15:00', 'Europe/Amsterdam').toISOString()).toBe('2030-06-12T13:00:00.000Z');
    expect(zonedInstant('2030-01-12', '15:00', 'Europe/Amsterdam').toISOString()).toBe('2030-01-12T14:00:00.000Z');
    // Europe/Amsterdam moves from +1 to +2 at 02:00 on 31 March 2030.
    expect(zonedInstant('2030-03-31', '01:30', 'Europe/Amsterdam').toISOString()).toBe('2030-03-31T00:30:00.000Z');
    expect(zonedInstant('2030-03-31', '03:30', 'Europe/Amsterdam').toISOString()).toBe('2030-03-31T01:30:00.000Z');
    expect(zonedInstant('2030-06-12', '23:30', 'Pacific/Auckland').toISOString()).toBe('2030-06-12T11:30:00.000Z');
    expect(zonedInstant('2030-06-12', '09:00', 'UTC').toISOString()).toBe('2030-06-12T09:00:00.000Z');
  });
});
