/** Every date parameter of the API (query strings and bodies): `YYYY-MM-DD` and a real day (src/domain/calendar-date.ts), else `VALIDATION_FAILED` with the rule `date`. */
import { z } from 'zod';
import { CALENDAR_DAY_PATTERN, isCalendarDate } from '../calendar-date.ts';

export const calendarDate = z.string().refine(isCalendarDate, { message: 'date' }).meta({ format: 'date', pattern: CALENDAR_DAY_PATTERN.source });
