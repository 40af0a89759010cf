/** The public entry of the checkout module: what other modules, app.ts and the composition root use. */
export { type CapacityGuard, createCapacityGuard } from './capacity-guard.ts';
export { type CheckoutCore, claimsOfOrders, createCheckoutCore, type LineKind, moveBooking } from './checkout-core.ts';
export { priceReservation, priceSubscription, priceVoucher, toPrices } from './checkout-pricing.ts';
export { type CheckoutReplay, createCheckoutReplay, soleOrderOf, totalsOf } from './checkout-replay.ts';
export {
  anonymiseOrdersOfClient,
  changePaymentAmount,
  findOrderByHash,
  findPaymentById,
  linkOrderToPass,
  lockPaymentByHash,
  replaceOrderLines,
  setOrderCustomer,
  setPaymentExpiry,
  writeOrderPrices,
} from './checkout.repo.ts';
export { checkoutRoutes } from './checkout.routes.ts';
export { createCheckoutService, type RedeemingLine } from './checkout.service.ts';
export { assertKnownFields, assertValidCustomer, assertValidCustomerFor, type ClientReader, resolveCustomer } from './customer.ts';
export { startExpirySweep } from './expiry-sweep.ts';
export { invoiceAsked, invoiceDetailsFor } from './invoice.ts';
export type { CheckoutFulfilment } from './fulfilments.ts';
export { checkLine, checkUpsellChoices } from './line-check.ts';
export { completePaidRebookings, lineOfOrder, lockOrderByHash } from './order-move.ts';
export { createOrderStatusService } from './order-status.service.ts';
export { createPaymentResumeService } from './payment-resume.service.ts';
export { rebookRoutes } from './rebook.routes.ts';
export { assertRebookable, createRebookService } from './rebook.ts';
export { createReconciler } from './reconciler.ts';
export { startRefundWorker } from './refund-worker.ts';
export { createStaffDesk, refundableCents, type DeskTickets, type MovePlan, type StaffAudit, type StaffAuditEntry, type StaffDesk } from './staff-desk.ts';
export { reservationExpiry } from './reservation-expiry.ts';
export { createSettlement, type Settlement, type SettlementMail } from './settlement.ts';
export type { CheckoutTaking, Redemption, TakenCheckout, TakingInput } from './takings.ts';
