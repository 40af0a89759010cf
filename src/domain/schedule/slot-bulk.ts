/**
 * A bulk change of the slot calendar (issue 38 item 2), written once for the preview and the apply: close
 * or open every slot of a range, or set their capacity. The plan says which slots change, the bookings
 * they hold (which stay valid), and which a new capacity would put below the places already taken (sold
 * plus live holds): those refuse the whole change (CAPACITY_BELOW_TAKEN), nothing is half done.
 */
import { z } from 'zod';
import { MAX_CAPACITY, capacityRefusal } from './schedule-rules.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');

/** The longest range one bulk change covers, in days (the calendar's read limit). */
export const MAX_BULK_DAYS = 62;

export const slotBulkActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('close') }),
  z.strictObject({ kind: z.literal('open') }),
  z.strictObject({ kind: z.literal('capacity'), capacity: z.number().int().min(0).max(MAX_CAPACITY).nullable().describe('null: unlimited') }),
]);

export const slotBulkRequestSchema = z
  .strictObject({
    productId: z.number().int().positive().nullable().describe('One product, or null: every product with days'),
    from: day,
    until: day,
    action: slotBulkActionSchema,
  })
  .superRefine((request, context) => {
    if (request.until < request.from) context.addIssue({ code: 'custom', path: ['until'], message: 'ends_before_start' });
  });

export type SlotBulkAction = z.infer<typeof slotBulkActionSchema>;
export type SlotBulkRequest = z.infer<typeof slotBulkRequestSchema>;

/** A slot as the plan needs it: its terms and the places taken on it now. */
export interface BulkSlot {
  id: number;
  productId: number;
  date: string;
  startTime: string | null;
  capacity: number | null;
  closed: boolean;
  /** Places sold or held. */
  taken: number;
  orderCount: number;
}

export interface BulkChange {
  id: number;
  productId: number;
  date: string;
  startTime: string | null;
  /** The capacity before and after (the same unless the action sets it). */
  capacity: { from: number | null; to: number | null };
  closed: { from: boolean; to: boolean };
  taken: number;
  orders: number;
}

export interface BulkPlan {
  /** Slots in the range (and product) looked at. */
  slots: number;
  changes: BulkChange[];
  /** The bookings on the changed slots: they stay valid whatever the change. */
  bookings: { places: number; orders: number };
  /** Slots a new capacity would put below what is taken: the change is refused while there is one. */
  refusals: { id: number; productId: number; date: string; startTime: string | null; taken: number }[];
}

/** What the action changes on these slots (already only the range's, in calendar order). */
export function planSlotBulk(slots: readonly BulkSlot[], action: SlotBulkAction): BulkPlan {
  const plan: BulkPlan = { slots: slots.length, changes: [], bookings: { places: 0, orders: 0 }, refusals: [] };
  for (const slot of slots) {
    const closed = action.kind === 'close' ? true : action.kind === 'open' ? false : slot.closed;
    const capacity = action.kind === 'capacity' ? action.capacity : slot.capacity;
    if (closed === slot.closed && capacity === slot.capacity) continue;
    if (action.kind === 'capacity' && capacityRefusal(capacity, slot.taken)) {
      plan.refusals.push({ id: slot.id, productId: slot.productId, date: slot.date, startTime: slot.startTime, taken: slot.taken });
      continue;
    }
    plan.changes.push({
      id: slot.id,
      productId: slot.productId,
      date: slot.date,
      startTime: slot.startTime,
      capacity: { from: slot.capacity, to: capacity },
      closed: { from: slot.closed, to: closed },
      taken: slot.taken,
      orders: slot.orderCount,
    });
    plan.bookings.places += slot.taken;
    plan.bookings.orders += slot.orderCount;
  }
  return plan;
}
