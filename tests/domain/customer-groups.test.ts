/** What a customer group does: a coupon kept for a group is open to its members only (src/domain/customer-groups.ts). */
import { describe, expect, it } from 'vitest';
import { couponOpenToClient } from '#domain/customer-groups.ts';

describe('couponOpenToClient', () => {
  it('opens a coupon without a group to every client, in a group or not', () => {
    expect(couponOpenToClient(null, [])).toBe(true);
    expect(couponOpenToClient(null, [2])).toBe(true);
  });

  it("opens a group's coupon to its members only", () => {
    expect(couponOpenToClient(2, [1, 2])).toBe(true);
    expect(couponOpenToClient(2, [1])).toBe(false);
    expect(couponOpenToClient(2, [])).toBe(false);
  });
});
