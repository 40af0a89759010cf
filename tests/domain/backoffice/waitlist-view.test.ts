/** A waiting-list entry's status as staff read it: the stored state, corrected by the clock for a hold that ran out. */
import { describe, expect, it } from 'vitest';
import { waitlistStaffStatus } from '#domain/backoffice/waitlist-view.ts';

const now = new Date('2030-06-03T07:00:00Z');
const later = new Date('2030-06-03T07:10:00Z');
const earlier = new Date('2030-06-03T06:59:59Z');

describe('waitlistStaffStatus', () => {
  it.each([
    ['WAITING', null, 'waiting'],
    ['OFFERED', later, 'offered'],
    // The worker has not passed it on yet, but the hold is over.
    ['OFFERED', earlier, 'expired'],
    ['OFFERED', now, 'expired'],
    ['OFFERED', null, 'expired'],
    ['USED', null, 'used'],
    ['LAPSED', earlier, 'expired'],
    ['ENDED', null, 'ended'],
  ] as const)('%s with a hold until %s → %s', (state, holdExpiresAt, status) => {
    expect(waitlistStaffStatus({ state, holdExpiresAt }, now)).toBe(status);
  });
});
