/** The public entry of the checkout module: what other modules, app.ts and the composition root use. */
export { type CapacityGuard, createCapacityGuard } from './capacity-guard.ts';
export { type CheckoutCore, createCheckoutCore, type LineKind } from './checkout-core.ts';
export { priceReservation, priceSubscription, priceVoucher, toPrices } from './checkout-pricing.ts';
export { type CheckoutReplay, createCheckoutReplay, soleOrderOf, totalsOf } from './checkout-replay.ts';
export { eraseCustomerFromOrders, findOrder, findPayment, namePassOfOrder } from './order-records.ts';
export { checkoutRoutes } from './checkout.routes.ts';
export { createCheckoutService, type RedeemingLine } from './checkout.service.ts';
export { assertValidCustomerFor, type ClientReader, resolveCustomer } from './customer.ts';
export { startExpirySweep } from './expiry-sweep.ts';
export { invoiceAsked, invoiceDetailsFor } from './invoice.ts';
export type { CheckoutFulfilment } from './fulfilments.ts';
export { checkLine, checkUpsellChoices } from './line-check.ts';
export { readOrderHistory } from './order-history-reads.ts';
export { createOrderStatusService } from './order-status.service.ts';
export { createPaymentResumeService } from './payment-resume.service.ts';
export { rebookRoutes } from './rebook.routes.ts';
export { assertRebookable, createRebookService } from './rebook.ts';
export { createReconciler } from './reconciler.ts';
export { startRefundWorker } from './refund-worker.ts';
export {
  createOrderChanges,
  refundableCents,
  type ChangeTickets,
  type MovePlan,
  type OrderActor,
  type OrderChanges,
  type OrderMail,
  type StaffAudit,
  type StaffAuditEntry,
} from './order-change.ts';
export { reservationExpiry } from './reservation-expiry.ts';
export { createSettlement, type Settlement, type SettlementMail } from './settlement.ts';
export type { CheckoutTaking, Redemption, TakenCheckout, TakingInput } from './takings.ts';
