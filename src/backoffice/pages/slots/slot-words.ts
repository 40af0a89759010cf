/** A slot as staff say it: "10:00 on Tue 10 Dec 2026" (all day: "all day on Tue 10 Dec 2026"), the product's name in front when asked. */
import type { TFunction } from 'i18next';
import type { Formatting } from '../../../lib/use-formatting.ts';
import { startOf } from './calendar-range.ts';

export function slotWhen(t: TFunction, format: Formatting, slot: { date: string; startTime: string | null }): string {
  const time = startOf(slot);
  const day = format.day(slot.date);
  return time === null ? t('backoffice-schedules:calendar.allDayOn', { day }) : t('backoffice-schedules:calendar.timeOn', { time, day });
}
