/**
 * The back office's gate: a person's scan (online, or synced later from an offline scanner), the
 * day's ticket list an offline scanner keeps, and manual lookup. Shared by the server's routes and the
 * scanner page.
 */
import { z } from 'zod';
import { parseTicketCode } from '../ticket-code.ts';
import { calendarDate } from './calendar-date.ts';

export const GATE_RESULTS = ['valid', 'already_used', 'refunded', 'wrong_day', 'wrong_product', 'unknown'] as const;
export type GateResult = (typeof GATE_RESULTS)[number];

export const gateTicketSchema = z.strictObject({
  order_number: z.number().int(),
  position: z.number().int(),
  of: z.number().int(),
  product_id: z.number().int(),
  title: z.string(),
  date: z.string().nullable(),
  audience: z.string().nullable().describe('The audience the ticket admits (Adult, Child, …); null for a product without audiences'),
  name: z.string().describe('The first name for a gate account; the full name for staff who see orders'),
});

export const gateScanSchema = z.strictObject({
  result: z
    .enum(GATE_RESULTS)
    .describe(
      'valid: checked in now; already_used: checked in before (used_at, used_where); refunded: the order was refunded or cancelled; ' +
        'wrong_day: a genuine ticket for another day, not checked in; wrong_product: not for this gate; unknown: forged, altered or not of this shop',
    ),
  used_at: z.string().nullable(),
  used_where: z.string().nullable(),
  ticket: gateTicketSchema.nullable(),
});
export type GateScan = z.infer<typeof gateScanSchema>;

const where = z.string().trim().min(1).max(100).optional().describe('The gate’s name (where the check-in happened); default "gate"');

export const gateScanRequestSchema = z.object({
  code: z.string().min(1).max(400),
  where,
});

export const gateSyncRequestSchema = z.object({
  where,
  scans: z
    .array(z.object({ code: z.string().min(1).max(400), scanned_at: z.iso.datetime({ offset: true }) }))
    .min(1)
    .max(500),
});
export const gateSyncResponseSchema = z.strictObject({ results: z.array(gateScanSchema) });

export const gateCheckInTicketRequestSchema = z.object({ ticket_id: z.number().int().positive(), where });

/** One ticket of the day, as an offline scanner keeps it (no nonce: the list cannot make codes). */
export const gateDayTicketSchema = z.strictObject({
  id: z.number().int(),
  order_number: z.number().int(),
  position: z.number().int(),
  of: z.number().int(),
  name: z.string().describe('Empty in the day list of a gate account (no list of names); else as the scan answers it'),
  title: z.string(),
  status: z.enum(['PAID', 'REFUNDED', 'CANCELLED']),
  used_at: z.string().nullable(),
  used_where: z.string().nullable(),
});
export type GateDayTicket = z.infer<typeof gateDayTicketSchema>;

export const gateDaySchema = z.strictObject({
  date: z.string(),
  public_key: z.string().describe('The shop’s Ed25519 public key, SPKI DER in base64url (WebCrypto importKey "spki")'),
  tickets: z.array(gateDayTicketSchema),
});
export type GateDay = z.infer<typeof gateDaySchema>;

/** A lookup is by an exact order number or an exact ticket code only: no search by name or a piece of an e-mail. */
export const gateLookupQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(400)
    .refine((q) => /^\d{1,9}$/.test(q) || parseTicketCode(q) !== null, { message: 'exact_only' })
    .describe('An order number, or a ticket code as its QR code holds it'),
  date: calendarDate.optional(),
});
export const gateLookupSchema = z.strictObject({ tickets: z.array(gateDayTicketSchema.extend({ date: z.string().nullable() })) });
