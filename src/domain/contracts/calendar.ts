/**
 * GET /api/plots (the calendar's cross-product plot query, spec sections 2 and 7: filterFrom,
 * filterUntil, orderingCol, orderingDir): every served product with days and its plots in the
 * window, in ONE answer, so the 60-day calendar loads with a handful of requests.
 */
import { z } from 'zod';
import { plotListSchema } from './catalogue.schema.ts';

export const calendarPlotsSchema = z.array(z.strictObject({ product: z.number().int().positive(), plots: plotListSchema })).meta({ id: 'CalendarPlots' });
export type CalendarPlots = z.infer<typeof calendarPlotsSchema>;
