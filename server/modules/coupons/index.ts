/** The public entry of the coupons module: what other modules, app.ts and the composition root use. */
export { couponDiscountOfOrder, type CouponRow, findCouponsByCodes } from './coupon.repo.ts';
export { couponRoutes } from './coupon.routes.ts';
export { createCouponService } from './coupon.service.ts';
export { couponApplies, type DiscountResolver, normaliseCode, type ResolvedCodes, resolveDiscountCodes, uniqueCodes, unknownCode } from './discount-codes.ts';
export { createDiscountLedger } from './discount-ledger.ts';
export { couponUses } from './coupon-uses.ts';
export { couponAdminRoutes } from './coupon-admin.routes.ts';
export { createCouponEditing } from './coupon-editing.service.ts';
