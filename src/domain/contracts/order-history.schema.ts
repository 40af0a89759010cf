/**
 * An order's history at the API edge (src/domain/order-history.ts): each entry with the product's
 * name in the reader's language, slots as date and time, money with 2 decimals. The desk sees who
 * did it; a shopper sees what kind of actor ("the box office"), never a staff member's name or an
 * internal reason.
 */
import { z } from 'zod';
import { ORDER_ACTORS, ORDER_EVENTS } from '../order-history.ts';

const slot = z.strictObject({ date: z.string(), time: z.string().nullable() });
const range = z.strictObject({ from: z.number(), to: z.number() });

export const historyEntrySchema = z
  .strictObject({
    at: z.string(),
    event: z.enum(ORDER_EVENTS),
    actor: z.strictObject({ kind: z.enum(ORDER_ACTORS), name: z.string().nullable() }),
    product: z.string().nullable(),
    from: slot.nullable(),
    to: slot.nullable(),
    /** Money this change moved (a refund: what goes back; a move: the price difference), 2 decimals. */
    amount: z.number().nullable(),
    currency: z.string().nullable(),
    /** How the money moves: the payment's gateway (stripe, paypal, test, invoice, none). */
    method: z.string().nullable(),
    tickets: z.array(z.number().int()),
    quantity: range.nullable(),
    /** The order's total before and after (a reservation changed, a coupon removed), 2 decimals. */
    total: range.nullable(),
    code: z.string().nullable(),
    fields: z.array(z.string()),
    reason: z.string().nullable(),
    order: z.number().int().nullable(),
  })
  .meta({ id: 'OrderHistoryEntry' });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
