/**
 * The ONE place where the shop's services are wired: each service is a factory over the
 * collaborators it is given, and this file gives them. app.ts builds the routes from it; main.ts
 * starts the background workers (expiry sweep, refund worker) from the same instances.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  createAudienceEditing,
  createCategoryEditing,
  createCheckoutCatalogueReader,
  createCategoryService,
  createHomeService,
  createPlotService,
  createProductEditing,
  createProductService,
  createSubscriptionService,
  createUpsellEditing,
  createVoucherService,
} from './modules/catalogue/index.ts';
import {
  createCapacityGuard,
  createCheckoutService,
  createCheckoutCore,
  type ClientReader,
  createOrderStatusService,
  createPaymentResumeService,
  createCheckoutReplay,
  createReconciler,
  createRebookService,
  createSettlement,
  createOrderChanges,
  type OrderMail,
  type StaffAudit,
  type Settlement,
} from './modules/checkout/index.ts';
import { createReservationService } from './modules/reservations/index.ts';
import {
  findClient,
  findFieldValues,
  accountForPurchase,
  createAccountService,
  createClientService,
  createLoginThrottle,
  hashPassword,
} from './modules/client/index.ts';
import { createStaffAdminService, createStaffService, createStaffTotpService, recordAudit } from './modules/staff/index.ts';
import { createScheduleService } from './modules/schedules/index.ts';
import {
  createDiscountLedger,
  couponDiscountOfOrder,
  couponUses,
  findCouponsByCodes,
  resolveDiscountCodes,
  createCouponEditing,
  createCouponService,
} from './modules/coupons/index.ts';
import {
  DOCUMENT_ATTACHMENT,
  enqueueLatePaymentMails,
  enqueueMail,
  enqueueOrderChangeMail,
  enqueueOrderConfirmation,
  type MailAttachmentRenderers,
} from './modules/mail/index.ts';
import {
  createGiftCardDesk,
  createGiftCardIssue,
  createGiftCardLedger,
  createGiftCardReads,
  createVoucherEditing,
  createVoucherOrderService,
  createVoucherStock,
} from './modules/vouchers/index.ts';
import { createOrderDeskService } from './modules/order-desk/index.ts';
import {
  ticketKeys,
  createTicketBranding,
  createTicketDocuments,
  createTicketService,
  issueTicketCodes,
  refundTickets,
  TICKET_PDF_ATTACHMENT,
  ticketPdfAttachment,
  validTicketPositions,
} from './modules/tickets/index.ts';
import { createReportService } from './modules/reports/index.ts';
import {
  createClientSubscriptionService,
  createSubscriptionFulfilment,
  createSubscriptionOrderService,
  createPassDesk,
  createRedemptionLedger,
  createSubscriptionEditing,
  resolveRedemptions,
} from './modules/subscriptions/index.ts';
import { paymentGatewayFor } from './payments/gateway-registry.ts';
import { createAbuseLimits, type AbuseLimits } from './security/abuse-limits.ts';
import { createCodeGuessing, type CodeGuessing } from './security/code-guessing.ts';
import { createRateLimiter } from './security/rate-limiter.ts';
import { createHeavyReads } from './db/heavy-reads.ts';
import { createSecurity, type Security } from './security/security.service.ts';
import { createFaqEditing, createFaqService } from './modules/faq/index.ts';
import {
  createAdditionEditing,
  createCustomerFieldEditing,
  createOrganisationEditing,
  createOrganisationService,
  createTaxRuleEditing,
  findOrganisation,
} from './modules/organisation/index.ts';
import { createDocumentIssue, createDocumentService, documentPdfAttachment } from './modules/documents/index.ts';
import { createRefundRequestInbox, createRefundRequestService } from './modules/refund-requests/index.ts';
import { createWaitlistService, createWaitlistWorker } from './modules/waitlist/index.ts';

export interface CompositionDeps {
  db: Database;
  config: Config;
  clock: Clock;
  logger?: FastifyBaseLogger;
}

export function composeServices({ db, config, clock, logger }: CompositionDeps) {
  const gateway = () => paymentGatewayFor(config);
  const capacity = createCapacityGuard({ enforce: config.capacityGuard, raceDelayMs: config.capacityRaceDelayMs });
  const takings = [createDiscountLedger(), createGiftCardLedger(), createVoucherStock(), createRedemptionLedger({ clock })];
  const keys = ticketKeys(config);
  const subscriptionFulfilment = createSubscriptionFulfilment({ publicUrl: config.publicUrl });
  const mail: OrderMail = {
    // A paid order's e-tickets are issued with its confirmation, in the same transaction, and travel in the mail.
    // A subscription order gets its own confirmation (passes, expiry, renewal link) from its fulfilment.
    async orderConfirmation(executor, all) {
      const orders = all.filter((order) => order.kind !== 'SUBSCRIPTION');
      const codes = await issueTicketCodes(executor, keys, orders);
      // Each paid booking's PDF tickets, rendered when the mail is sent (from the order as it is then).
      const pdfs = orders.filter((order) => order.status === 'PAID' && order.kind === 'PRODUCT').map((order) => ticketPdfAttachment(order.id));
      await enqueueOrderConfirmation(executor, orders, config.publicUrl, codes, pdfs);
    },
    latePaymentRefund: enqueueLatePaymentMails,
    orderChanged: enqueueOrderChangeMail,
  };
  const clients: ClientReader = {
    async details(executor, clientId) {
      const client = await findClient(executor, clientId);
      if (!client) return null;
      return { ...client, fieldValues: await findFieldValues(executor, clientId) };
    },
  };
  const ticketDocuments = createTicketDocuments({
    db,
    clock,
    keys,
    branding: createTicketBranding({ mediaDir: config.mediaDir, staticDir: config.staticDir }),
    wallets: config.wallets,
    publicUrl: config.publicUrl,
  });
  /** How the mail worker renders what a mail refers to when it sends it (modules/mail/mail-attachments.ts). */
  const mailAttachments: MailAttachmentRenderers = {
    [TICKET_PDF_ATTACHMENT]: (ref) => ticketDocuments.ticketPdfAttachment(ref),
    [DOCUMENT_ATTACHMENT]: (ref) => documentPdfAttachment(db, ref),
  };
  const security = createSecurity({ db, clock, config, shopSettings: findOrganisation, ...(logger ? { logger } : {}) });
  const rateLimiter = createRateLimiter({ db, clock, enabled: config.rateLimits });
  // The export, the reports and the gate's sync run in bounded steps (server/db/heavy-reads.ts).
  const heavy = createHeavyReads({ db, settings: config.heavyReads });
  const limits = createAbuseLimits({
    limiter: rateLimiter,
    config: config.abuse,
    security,
    uncachedListingsPerMinute: config.heavyReads.uncachedListingsPerMinute,
  });
  const codes = createCodeGuessing({ limiter: rateLimiter, security });
  const giftCardIssue = createGiftCardIssue({ publicUrl: config.publicUrl });
  const checkoutCatalogue = createCheckoutCatalogueReader();
  // Receipts, invoices and credit notes: issued by the paying transaction and by the one order change.
  const documentIssue = createDocumentIssue();
  // Every back-office change writes its audit row in its own transaction (server/modules/staff/audit.ts).
  const staffAudit: StaffAudit = recordAudit;
  // The refund worker of this process (main.ts) runs at once after a refund is queued instead of at its next poll.
  const refundsQueued: { run: () => void } = { run: () => undefined };
  // THE order change: every change to a placed order, by a shopper, staff, the system or a gateway (order-change.ts).
  const orderChanges = createOrderChanges({
    db,
    clock,
    capacity,
    takings,
    mail,
    catalogue: checkoutCatalogue,
    coupons: { byCodes: findCouponsByCodes, discountOfOrder: couponDiscountOfOrder },
    tickets: { refund: refundTickets, valid: validTicketPositions },
    documents: documentIssue,
    audit: staffAudit,
    reservationHours: config.reservationHours,
    refundQueued: () => refundsQueued.run(),
  });
  const settlement = createSettlement({
    db,
    clock,
    capacity,
    changes: orderChanges,
    mail,
    fulfilments: [
      // A rebooking whose price difference was paid moves now, in the transaction that made it paid.
      { fulfil: (executor, paid, now) => orderChanges.completePaidRebookings(executor, paid, now) },
      giftCardIssue,
      subscriptionFulfilment,
      // Its receipt or invoice, numbered in this transaction (documents/document-issue.ts).
      { fulfil: async (executor, paid, now) => void (await documentIssue.issuePaid(executor, paid, now)) },
    ],
  });
  const reconciler = createReconciler({ settlement, gatewayId: config.paymentGateway, gateway, ...(logger ? { logger } : {}) });
  const paymentResume = createPaymentResumeService({ db, clock, publicUrl: config.publicUrl, gateway, settlement, reconciler });
  const replayed = createCheckoutReplay({ db, paymentResume });
  // THE checkout core: every good's order is decided, written and started here (checkout-core.ts).
  const core = createCheckoutCore({
    db,
    clock,
    holdMinutes: config.holdMinutes,
    publicUrl: config.publicUrl,
    gatewayId: config.paymentGateway,
    gateway,
    takings,
    settlement,
    paidFulfilments: [{ fulfil: async (executor, paid, now) => void (await documentIssue.issuePaid(executor, paid, now)) }],
  });
  // The waiting list hears of every place that comes back through the capacity guard's release.
  const waitlist = createWaitlistService({ db, clock, limits, dropHold: capacity.dropWaitingHold });
  const waitlistWorker = createWaitlistWorker({
    db,
    clock,
    publicUrl: config.publicUrl,
    holdForWaiting: capacity.holdForWaiting,
    dropHold: capacity.dropWaitingHold,
  });
  const checkout = createCheckoutService({
    db,
    clock,
    reservationHours: config.reservationHours,
    limits,
    core,
    security,
    catalogue: checkoutCatalogue,
    discounts: { resolve: resolveDiscountCodes },
    redemptions: { resolve: resolveRedemptions },
    clients,
    codes,
    capacity,
    mail,
    changes: orderChanges,
    replayed,
    waitlist,
  });
  const voucherOrders = createVoucherOrderService({
    db,
    clock,
    core,
    // With nothing to pay, issued as the settlement issues a paid voucher order: its gift cards, then the confirmation.
    fulfilment: {
      async fulfil(executor, paid, now) {
        await giftCardIssue.fulfil(executor, paid, now);
        await mail.orderConfirmation(executor, [...paid]);
      },
    },
    security,
    catalogue: checkoutCatalogue,
    clients,
    replayed,
  });
  const subscriptionOrders = createSubscriptionOrderService({
    db,
    clock,
    core,
    security,
    limits,
    codes,
    catalogue: checkoutCatalogue,
    discounts: { resolve: resolveDiscountCodes },
    clients,
    fulfilment: subscriptionFulfilment,
    hashPassword,
    accounts: { forPurchase: accountForPurchase },
    publicUrl: config.publicUrl,
    replayed,
  });
  return {
    security,
    subscriptionOrders,
    clientSubscriptions: createClientSubscriptionService({ db, clock }),
    rateLimiter,
    limits,
    codes,
    settlement,
    reconciler,
    checkout,
    waitlist,
    waitlistWorker,
    voucherOrders,
    giftCards: createGiftCardReads({ db, codes }),
    tickets: createTicketService({ db, clock, keys, wallets: ticketDocuments.wallets, syncChunk: config.heavyReads.syncChunk }),
    /** An order's PDF tickets and wallet passes, rendered on request. */
    ticketDocuments,
    mailAttachments,
    reports: createReportService({ db, clock, heavy }),
    documents: createDocumentService({ db, mail: (executor, outgoing) => enqueueMail(executor, outgoing) }),
    rebook: createRebookService({ db, clock, rateLimiter }),
    orderStatus: createOrderStatusService({ db, settlement, reconciler }),
    refundsQueued,
    /** THE order change: the desk's actions, the reservation page's, the refund-request inbox's. */
    orderChanges,
    /** The back office's other desks: order search and pages, the refund-request inbox, gift cards and passes. */
    orderDesk: createOrderDeskService({ db }),
    refundRequestInbox: createRefundRequestInbox({ db, clock, changes: orderChanges, audit: staffAudit }),
    giftCardDesk: createGiftCardDesk({ db, clock, audit: staffAudit }),
    passDesk: createPassDesk({ db, clock, audit: staffAudit }),
    couponUses: (code: string, page: { before?: number | null; limit: number }) => couponUses(db, code, page),
    /** The mails of an order's life (confirmation, late refund, what changed), as the order change writes them. */
    orderMail: mail,
    paymentResume,
    /** For the refund worker: the configured gateway. */
    gatewayId: config.paymentGateway,
    gateway,
    ...composeRouteServices({ db, config, clock, security, codes, settlement, limits }),
  };
}

/** The services behind the catalogue, account, coupon, FAQ, organisation, refund-request and reservation routes. */
function composeRouteServices({
  db,
  config,
  clock,
  security,
  codes,
  settlement,
  limits,
}: Omit<CompositionDeps, 'logger'> & { security: Security; codes: CodeGuessing; settlement: Settlement; limits: AbuseLimits }) {
  const sessions = createClientService({
    db,
    clock,
    config,
    challenge: (captcha, address) => security.challenge({ captcha, address }),
  });
  const staff = createStaffService({
    db,
    clock,
    throttle: createLoginThrottle({ db, clock, config }),
    sessions: config.staffSessions,
  });
  const productEditing = createProductEditing({ db, audit: recordAudit });
  return {
    catalogue: {
      categories: createCategoryService({ db }),
      home: createHomeService({ db }),
      products: createProductService({ db, clock }),
      plots: createPlotService({ db, clock }),
      subscriptions: createSubscriptionService({ db }),
      vouchers: createVoucherService({ db }),
    },
    /** The client module's accounts and sessions (the account routes and a subscription buyer's new account). */
    sessions,
    /** Back-office staff: sign-in (through the shop's login throttle, `staff:` keys), sessions, set-password links. */
    staff,
    /** Owners' staff administration and the audit log. */
    staffAdmin: createStaffAdminService({ db, clock, staff, publicUrl: config.publicUrl }),
    /** Owners' and managers' optional authenticator app. */
    staffTotp: createStaffTotpService({ db, clock, issuer: async () => (await findOrganisation(db))?.texts.en?.name ?? '' }),
    /** Time-slot schedules, the slot calendar and single-slot edits (the back office); main.ts starts their top-up worker. */
    schedules: createScheduleService({ db, clock }),
    /** The back office's editing, each in the module that owns what it changes (audited through the staff module, version-checked). */
    catalogueEditing: {
      products: productEditing,
      categories: createCategoryEditing({ db, audit: recordAudit }),
      audiences: createAudienceEditing({ db, audit: recordAudit }),
      upsells: createUpsellEditing({ db, audit: recordAudit }),
    },
    couponEditing: createCouponEditing({ db, audit: recordAudit }),
    subscriptionEditing: createSubscriptionEditing({ db, audit: recordAudit }),
    voucherEditing: createVoucherEditing({ db, audit: recordAudit }),
    organisationEditing: {
      shop: createOrganisationEditing({ db, audit: recordAudit }),
      customerFields: createCustomerFieldEditing({ db, audit: recordAudit }),
      additions: createAdditionEditing({ db, audit: recordAudit }),
    },
    faqEditing: createFaqEditing({ db, audit: recordAudit }),
    taxRules: createTaxRuleEditing({ db, audit: recordAudit }),
    /** A shopper's own account: sign-up, the mailed links, the account page, the data download and erasure. */
    accounts: createAccountService({ db, clock, limits, publicUrl: config.publicUrl, sessions }),
    coupons: createCouponService({ db, clock, codes }),
    faq: createFaqService({ db }),
    organisation: createOrganisationService({ db, config }),
    refundRequests: createRefundRequestService({ db, clock }),
    reservations: createReservationService({ db, clock, settlement }),
  };
}

export type Services = ReturnType<typeof composeServices>;
