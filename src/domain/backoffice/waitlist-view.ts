/**
 * The staff's view of a slot's waiting list (issue 22 item 2): each entry's status as staff read it.
 * The stored state lags the clock between two runs of the waiting-list worker (an offer whose hold
 * ran out is still OFFERED until the worker passes it on), so the view decides with the time too.
 */
import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

export const WAITLIST_STAFF_STATUSES = ['waiting', 'offered', 'used', 'expired', 'ended'] as const;
export type WaitlistStaffStatus = (typeof WAITLIST_STAFF_STATUSES)[number];

/** `state`: waitlist_entries.state (WAITING, OFFERED, USED, LAPSED, ENDED). */
export function waitlistStaffStatus(entry: { state: string; holdExpiresAt: Date | null }, now: Date): WaitlistStaffStatus {
  switch (entry.state) {
    case 'WAITING':
      return 'waiting';
    case 'OFFERED':
      return entry.holdExpiresAt !== null && entry.holdExpiresAt > now ? 'offered' : 'expired';
    case 'USED':
      return 'used';
    case 'LAPSED':
      return 'expired';
    default:
      return 'ended';
  }
}

export const waitlistStaffEntrySchema = z.object({
  /** 1-based place in arrival order. */
  position: z.number().int().min(1),
  email: z.string(),
  quantity: z.number().int(),
  language: z.enum(LANGUAGES),
  status: z.enum(WAITLIST_STAFF_STATUSES),
  /** While offered: when the held places pass to the next entry (ISO 8601). */
  hold_expires_at: z.string().nullable(),
  joined_at: z.string(),
});
export const waitlistStaffViewSchema = z.object({
  slot: z.object({ id: z.number().int(), product_id: z.number().int(), date: z.string(), start_time: z.string().nullable() }),
  entries: z.array(waitlistStaffEntrySchema),
});
export type WaitlistStaffView = z.infer<typeof waitlistStaffViewSchema>;
