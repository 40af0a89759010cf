/**
 * What a customer group does (docs/decisions/0016-customer-group-coupons.md): a coupon may be kept
 * for the members of one customer group. A signed-in client in that group may use it; anyone else
 * is refused with COUPON_GROUP_ONLY. A coupon without a group is for every signed-in client, as
 * before. Membership comes with a paid subscription that names the group (the demo's family
 * membership makes its client a "Members" member). The server applies this rule on
 * POST /api/coupon and on every order; the storefront shows a client their groups beside the
 * coupon form (GET /api/groups/{clientId}).
 */

/** Whether a coupon kept for `couponGroupId` (null: no group) is open to a client in `clientGroupIds`. */
export function couponOpenToClient(couponGroupId: number | null, clientGroupIds: readonly number[]): boolean {
  return couponGroupId === null || clientGroupIds.includes(couponGroupId);
}
