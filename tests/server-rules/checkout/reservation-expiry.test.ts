/**
 * When an unpaid reservation lapses (server/modules/checkout/reservation-expiry.ts), on its own:
 * RESERVATION_HOURS after it was made, or at the start of its first slot (a whole-day slot: the end
 * of its day) in the shop's timezone, whichever is sooner.
 */
import { describe, expect, it } from 'vitest';
import { firstSlotStart, reservationExpiry } from '../../../server/modules/checkout/reservation-expiry.ts';

const ZONE = 'Europe/Amsterdam';
const MADE = new Date('2026-03-04T08:15:00Z');
const on = (date: string, startTime: string | null) => ({ plot: { date, startTime } });

describe('reservationExpiry', () => {
  it('lapses RESERVATION_HOURS after it was made when its slot is later', () => {
    expect(reservationExpiry(MADE, 48, [on('2026-03-10', '15:00:00')], ZONE)).toEqual(new Date('2026-03-06T08:15:00Z'));
  });

  it('lapses when its slot starts, on the shop clock, when that is sooner', () => {
    // 10:00 in Amsterdam in winter (UTC+1).
    expect(reservationExpiry(MADE, 48, [on('2026-03-05', '10:00:00')], ZONE)).toEqual(new Date('2026-03-05T09:00:00Z'));
  });

  it('counts a whole-day slot until the end of its day', () => {
    expect(reservationExpiry(MADE, 48, [on('2026-03-04', null)], ZONE)).toEqual(new Date('2026-03-04T22:59:59Z'));
  });

  it('takes the first slot of several lines, and only the hours without slots', () => {
    const lines = [on('2026-03-05', '15:00:00'), { plot: null }, on('2026-03-05', '11:30:00')];
    expect(firstSlotStart(lines, ZONE)).toEqual(new Date('2026-03-05T10:30:00Z'));
    expect(reservationExpiry(MADE, 24, [{ plot: null }], ZONE)).toEqual(new Date('2026-03-05T08:15:00Z'));
    expect(firstSlotStart([{ plot: null }], ZONE)).toBeNull();
  });

  it('reads a slot after the change to summer time in summer time', () => {
    // 29 March 2026 clocks go forward: 10:00 on the 30th is 08:00 UTC.
    expect(reservationExpiry(new Date('2026-03-29T00:00:00Z'), 72, [on('2026-03-30', '10:00:00')], ZONE)).toEqual(new Date('2026-03-30T08:00:00Z'));
  });
});
