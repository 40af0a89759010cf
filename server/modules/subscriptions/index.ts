/** The public entry of the subscriptions module: what other modules, app.ts and the composition root use. */
export { createClientSubscriptionService } from './client-subscription.service.ts';
export { startExpiryReminders } from './expiry-reminders.ts';
export { createRedemptionLedger } from './redemption-ledger.ts';
export { resolveRedemptions } from './redemptions.ts';
export { createSubscriptionFulfilment } from './subscription-fulfilment.ts';
export { subscriptionOrderRoutes } from './subscription-order.routes.ts';
export { createSubscriptionOrderService } from './subscription-order.service.ts';
export { createPassDesk, type PassDesk } from './pass-desk.ts';
export { subscriptionAdminRoutes } from './subscription-admin.routes.ts';
export { createSubscriptionEditing } from './subscription-editing.service.ts';
