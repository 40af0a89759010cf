/**
 * Arithmetic on calendar days ('YYYY-MM-DD'). Done in UTC on purpose: a day string has no
 * timezone, and UTC has no daylight-saving jumps that could skip or repeat a day.
 */

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, as Date.getDay counts. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

export const SUNDAY = 0;
export const FRIDAY = 5;
export const SATURDAY = 6;

export function isWorkingDay(weekday: number): boolean {
  return weekday >= 1 && weekday <= 5;
}
