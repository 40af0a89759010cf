/**
 * The two calendar facts a schedule's generation (src/domain/schedule/schedule-rules.ts) is given:
 * which days a weekly pattern falls on (rrule: weekly, every n weeks counted from the season's first
 * week, weeks starting on Monday), and whether a wall-clock time exists on a day in the organisation's
 * timezone (not in the hour skipped when clocks go forward).
 */
import * as rruleModule from 'rrule';
import type { DaysOf, WallClockExists } from '#domain/schedule/schedule-rules.ts';
import { shopInstant, shopMoment } from '../../shop-time.ts';

// rrule ships CommonJS for Node (its named exports sit on the default export there) and ES modules for bundlers.
const { RRule } = 'RRule' in rruleModule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default;

const WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/** A calendar day as the UTC midnight rrule counts it with (dates only: no timezone involved). */
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

export const daysOf: DaysOf = (pattern, seasonStart, from, until) => {
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: pattern.everyWeeks,
    byweekday: [...new Set(pattern.weekdays)].map((weekday) => WEEKDAYS[weekday - 1]!),
    wkst: RRule.MO,
    dtstart: utcDay(seasonStart),
    until: utcDay(until),
  });
  return rule.between(utcDay(from), utcDay(until), true).map((day) => day.toISOString().slice(0, 10));
};

/** Whether `time` (HH:MM) shows on the wall clock of `timezone` on `date`. */
export function wallClockExistsIn(timezone: string): WallClockExists {
  return (date, time) => {
    const seen = shopMoment(shopInstant(date, time, timezone), timezone);
    return seen.date === date && seen.time.slice(0, 5) === time;
  };
}
