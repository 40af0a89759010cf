/** Back-office schedules and slots (server/modules/schedules) as zod schemas: request and response bodies. */
import { z } from 'zod';
import { MAX_CAPACITY, MAX_PRICE_CENTS, scheduleSchema } from '../schedule/schedule-rules.ts';
import { calendarDate } from './calendar-date.ts';

const day = calendarDate;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const scheduleAnswerSchema = z
  .strictObject({
    productId: z.number().int(),
    revision: z.number().int().describe('0 before the first save; send it back with a save (else 409 SCHEDULE_CHANGED)'),
    generatedUntil: day.nullable(),
    schedule: scheduleSchema.nullable(),
  })
  .meta({ id: 'ProductSchedule' });

export const scheduleSaveRequestSchema = z.strictObject({
  revision: z.number().int().min(0),
  schedule: scheduleSchema,
});

export const scheduleSaveAnswerSchema = z
  .strictObject({
    revision: z.number().int(),
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    closed: z
      .strictObject({ slots: z.number().int(), places: z.number().int() })
      .describe('Slots no longer given that keep their bookings, closed to new sales'),
  })
  .meta({ id: 'ScheduleSaveOutcome' });

export const scheduleListSchema = z
  .array(
    z.strictObject({
      productId: z.number().int(),
      firstDate: day.nullable(),
      lastDate: day.nullable(),
      horizonDays: z.number().int().nullable(),
      generatedUntil: day.nullable(),
      revision: z.number().int(),
    }),
  )
  .meta({ id: 'ScheduleList' });

export const calendarQuerySchema = z.strictObject({ from: day, until: day });

export const calendarSlotSchema = z.strictObject({
  id: z.number().int(),
  productId: z.number().int(),
  date: day,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  capacity: z.number().int().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  free: z.number().int().nullable().describe('null: unlimited'),
  maxOrders: z.number().int().nullable(),
  orderCount: z.number().int(),
  priceCents: z.number().int().nullable(),
  closed: z.boolean(),
  pinned: z.boolean().describe('Edited by hand: a schedule save leaves it as it is'),
});
export const calendarSlotsSchema = z.array(calendarSlotSchema).meta({ id: 'SlotCalendar' });

export const slotTermsSchema = z.strictObject({
  endTime: clock.nullable(),
  capacity: z.number().int().min(0).max(MAX_CAPACITY).nullable(),
  maxOrders: z.number().int().min(1).max(MAX_CAPACITY).nullable(),
  priceCents: z.number().int().min(0).max(MAX_PRICE_CENTS).nullable(),
});

export const slotClosedRequestSchema = z.strictObject({ closed: z.boolean() });
export const slotAffectedSchema = z
  .strictObject({ places: z.number().int().describe('Places sold or held on the slot'), orders: z.number().int() })
  .meta({ id: 'SlotAffected' });

const bulkSlot = { id: z.number().int(), productId: z.number().int(), date: day, startTime: z.string().nullable() };
export const slotBulkPlanSchema = z
  .strictObject({
    slots: z.number().int().describe('Slots of the range (and product) looked at'),
    changes: z.array(
      z.strictObject({
        ...bulkSlot,
        capacity: z.strictObject({ from: z.number().int().nullable(), to: z.number().int().nullable() }),
        closed: z.strictObject({ from: z.boolean(), to: z.boolean() }),
        taken: z.number().int().describe('Places sold or held: they stay valid'),
        orders: z.number().int(),
      }),
    ),
    bookings: z.strictObject({ places: z.number().int(), orders: z.number().int() }).describe('The bookings on the changed slots; they stay valid'),
    refusals: z.array(z.strictObject({ ...bulkSlot, taken: z.number().int() })).describe('Slots a new capacity would put below what is taken'),
  })
  .meta({ id: 'SlotBulkPlan' });

export type SlotBulkPlan = z.infer<typeof slotBulkPlanSchema>;
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;
export type CalendarSlot = z.infer<typeof calendarSlotSchema>;
