/**
 * The ONE place where the shop's services are wired: each service is a factory over the
 * collaborators it is given, and this file gives them. app.ts builds the routes from it; main.ts
 * starts the background workers (expiry sweep, refund worker) from the same instances.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createCheckoutCatalogueReader } from './modules/catalogue/checkout-catalogue.ts';
import { createCapacityGuard } from './modules/checkout/capacity-guard.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import type { ClientReader } from './modules/checkout/customer.ts';
import { createOrderStatusService } from './modules/checkout/order-status.service.ts';
import { createPaymentResumeService } from './modules/checkout/payment-resume.service.ts';
import { createReconciler } from './modules/checkout/reconciler.ts';
import { createSettlement, type SettlementMail } from './modules/checkout/settlement.ts';
import { findClient, findFieldValues } from './modules/client/client.repo.ts';
import { createDiscountLedger } from './modules/coupons/discount-ledger.ts';
import { resolveDiscountCodes } from './modules/coupons/discount-codes.ts';
import { enqueueLatePaymentMails } from './modules/mail/late-payment-refund.ts';
import { enqueueOrderConfirmation } from './modules/mail/order-confirmation.ts';
import { createClientService } from './modules/client/client.service.ts';
import { hashPassword } from './modules/client/password.ts';
import { createClientSubscriptionService } from './modules/subscriptions/client-subscription.service.ts';
import { createSubscriptionFulfilment } from './modules/subscriptions/subscription-fulfilment.ts';
import { createSubscriptionOrderService } from './modules/subscriptions/subscription-order.service.ts';
import { createRedemptionLedger } from './modules/subscriptions/redemption-ledger.ts';
import { resolveRedemptions } from './modules/subscriptions/redemptions.ts';
import { paymentGatewayFor } from './payments/gateway-registry.ts';
import { createRateLimiter } from './security/rate-limiter.ts';
import { createSecurity } from './security/security.service.ts';

export interface CompositionDeps {
  db: Database;
  config: Config;
  clock: Clock;
  logger?: FastifyBaseLogger;
}

export function composeServices({ db, config, clock, logger }: CompositionDeps) {
  const gateway = () => paymentGatewayFor(config);
  const capacity = createCapacityGuard({ enforce: config.capacityGuard, raceDelayMs: config.capacityRaceDelayMs });
  const takings = [createDiscountLedger(), createRedemptionLedger({ clock })];
  const subscriptionFulfilment = createSubscriptionFulfilment({ publicUrl: config.publicUrl });
  const mail: SettlementMail = {
    // A subscription order gets its own confirmation (passes, expiry, renewal link) from its fulfilment.
    orderConfirmation: (executor, orders) =>
      enqueueOrderConfirmation(
        executor,
        orders.filter((order) => order.kind !== 'SUBSCRIPTION'),
        config.publicUrl,
      ),
    latePaymentRefund: enqueueLatePaymentMails,
  };
  const clients: ClientReader = {
    async details(executor, clientId) {
      const client = await findClient(executor, clientId);
      if (!client) return null;
      return { ...client, fieldValues: await findFieldValues(executor, clientId) };
    },
  };
  const security = createSecurity({ db, clock, config, ...(logger ? { logger } : {}) });
  const rateLimiter = createRateLimiter({ db, clock, enabled: config.rateLimits });
  const settlement = createSettlement({ db, clock, capacity, takings, fulfilments: [subscriptionFulfilment], mail });
  const reconciler = createReconciler({ settlement, gatewayId: config.paymentGateway, gateway, ...(logger ? { logger } : {}) });
  const checkout = createCheckoutService({
    db,
    clock,
    holdMinutes: config.holdMinutes,
    publicUrl: config.publicUrl,
    gatewayId: config.paymentGateway,
    gateway,
    security,
    catalogue: createCheckoutCatalogueReader(),
    discounts: { resolve: resolveDiscountCodes },
    redemptions: { resolve: resolveRedemptions },
    clients,
    capacity,
    takings,
    settlement,
    mail,
  });
  const catalogue = createCheckoutCatalogueReader();
  const subscriptionOrders = createSubscriptionOrderService({
    db,
    clock,
    holdMinutes: config.holdMinutes,
    publicUrl: config.publicUrl,
    gatewayId: config.paymentGateway,
    gateway,
    security,
    catalogue,
    discounts: { resolve: resolveDiscountCodes },
    clients,
    takings,
    fulfilment: subscriptionFulfilment,
    settlement,
    hashPassword,
  });
  return {
    security,
    subscriptionOrders,
    clientSubscriptions: createClientSubscriptionService({ db, clock }),
    sessions: createClientService({ db, clock, config }),
    rateLimiter,
    settlement,
    reconciler,
    checkout,
    orderStatus: createOrderStatusService({ db, settlement, reconciler }),
    paymentResume: createPaymentResumeService({ db, clock, publicUrl: config.publicUrl, gateway, settlement, reconciler }),
    /** For the refund worker: the configured gateway. */
    gatewayId: config.paymentGateway,
    gateway,
  };
}

export type Services = ReturnType<typeof composeServices>;
