/**
 * POST /api/subscriptions (spec sections 3-9) on the checkout core, in the same steps as an order:
 *   price    the subscription's passes per audience and its upsells, a SUBSCRIPTION coupon or a gift
 *            card, additions only while the total is above 0 (priceSubscription, src/domain/order/totals.ts);
 *   validate pass quantities (max 10 per audience; other types than PHYSICAL are quantity 1), the
 *            passes' holders, the renewal (the signed-in client's own, renewable), the customer, and
 *            for an anonymous customer the password; the order goes on the account of the e-mail
 *            address, found or made by the client module (client.service.ts accountForPurchase) in
 *            the checkout's transaction, which mails the address a link: a new account is usable
 *            only once that link confirms the address. Nobody is signed in by an order, and an
 *            address that has an account is answered like a new one;
 *   then     handed to the checkout core (checkout/checkout-core.ts) as a SUBSCRIPTION line kind: it
 *            decides status and hold deadline, writes payment, order and lines, takes the takings
 *            (coupon uses, gift-card credit) in ONE transaction, issues the passes at once when there
 *            is nothing to pay (the kind's fulfilment), and starts the payment; the same settlement
 *            settles it, and the same fulfilment issues the client subscription and passes once paid.
 * A simulation prices and validates the same way and writes nothing.
 */
import type { OrderPayment } from '#domain/contracts/orders.ts';
import type { ParsedSubscriptionOrderRequest, SubscriptionOrderResponse } from '#domain/contracts/subscription-order.ts';
import type { Customer } from '#domain/customer.ts';
import { normaliseLanguage, type Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { OrderTotals } from '#domain/order/totals.ts';
import { audienceTotal, isPassStepReady, SUBSCRIPTION_PASS_MAX, type AudienceQuantities } from '#domain/order/quantities.ts';
import { PASSWORD_MIN_LENGTH } from '#domain/subscription/password.ts';
import { assertStrongPassword } from '../../security/password-strength.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { SubscriptionPlan } from '../../db/schema/index.ts';
import type { IdempotencyClaim } from '../idempotency/index.ts';
import {
  type CheckoutCore,
  priceSubscription,
  toPrices,
  soleOrderOf,
  totalsOf,
  type CheckoutReplay,
  assertValidCustomerFor,
  resolveCustomer,
  type ClientReader,
  type CheckoutFulfilment,
  checkUpsellChoices,
  invoiceAsked,
  invoiceDetailsFor,
} from '../checkout/index.ts';
import type { AccountForPurchase } from '../client/index.ts';
import { AppError } from '../../errors.ts';
import type { AbuseLimits } from '../../security/abuse-limits.ts';
import type { Security } from '../../security/security.service.ts';
import { shopMoment } from '../../shop-time.ts';
import { type CheckoutCatalogueReader, readCheckoutSubscription, type CheckoutSubscription } from '../catalogue/index.ts';
import { type DiscountResolver, type ResolvedCodes, uniqueCodes } from '../coupons/index.ts';
import type { CodeGuessing } from '../../security/code-guessing.ts';
import { customerFieldsIn, answerLanguage } from '../organisation/index.ts';
import { findClientSubscriptionByHash, passesOf } from './client-subscription.repo.ts';

export interface SubscriptionOrderDeps {
  db: Database;
  clock: Clock;
  /** The checkout core (checkout/checkout-core.ts): status, hold deadline, gateway, the write, the takings, the payment step. */
  core: Pick<CheckoutCore, 'prepare' | 'commit' | 'start'>;
  security: Pick<Security, 'assess'>;
  /** The same abuse limits as product orders: simulations per address; an anonymous order mails its address. */
  limits: Pick<AbuseLimits, 'simulation' | 'shopperMail'>;
  /** Every code asked about: security/code-guessing.ts. */
  codes: Pick<CodeGuessing, 'check'>;
  catalogue: CheckoutCatalogueReader;
  discounts: DiscountResolver;
  clients: ClientReader;
  /** Issues the client subscription and its passes once the order is paid (here: when there is nothing to pay). */
  fulfilment: CheckoutFulfilment;
  hashPassword(password: string): Promise<string>;
  /** The client module's account for an anonymous purchase, and its mail (client/client.service.ts accountForPurchase). */
  accounts: { forPurchase: AccountForPurchase };
  /** Where the storefront is, for the account mail's link. */
  publicUrl: string;
  /** A written checkout's answer rebuilt from its rows, for a retry whose first answer was lost. */
  replayed: CheckoutReplay;
}

export interface SubscriptionSubmitContext {
  clientId: number | null;
  requestedLanguage: Language | null;
  address: string | null;
  /** The request's Idempotency-Key: bound to the checkout in its transaction. */
  idempotency?: IdempotencyClaim | null;
}

const refuse = (code: ConstructorParameters<typeof AppError>[0], status: number, info: string) => new AppError(code, status, info, { errorInfo: info });

/** Passes per audience: each offered, at most 10; other types than PHYSICAL are exactly one pass. */
function checkQuantities(request: ParsedSubscriptionOrderRequest, subscription: CheckoutSubscription): AudienceQuantities {
  const prices = new Map(subscription.audiences.map((entry) => [entry.audienceId, entry.priceCents]));
  const quantities: AudienceQuantities = {};
  for (const [key, { quantity }] of Object.entries(request.audiences)) {
    if (!prices.has(Number(key))) throw refuse('AUDIENCE_INVALID', 400, 'This audience is not offered for this subscription.');
    if (quantity > SUBSCRIPTION_PASS_MAX) throw refuse('QUANTITY_INVALID', 400, `At most ${SUBSCRIPTION_PASS_MAX} passes per audience.`);
    if (quantity > 0) quantities[Number(key)] = quantity;
  }
  if (subscription.type !== 'PHYSICAL') {
    const first = subscription.audiences[0];
    if (audienceTotal(quantities) === 0 && first) quantities[first.audienceId] = 1;
    if (audienceTotal(quantities) !== 1) throw refuse('QUANTITY_INVALID', 400, 'This subscription is bought one at a time.');
  }
  if (!isPassStepReady(quantities)) throw refuse('QUANTITY_INVALID', 400, 'Choose at least one pass.');
  return quantities;
}

export function createSubscriptionOrderService(deps: SubscriptionOrderDeps) {
  const { db, clock } = deps;

  async function priceAndValidate(executor: Executor, request: ParsedSubscriptionOrderRequest, clientId: number | null, now: Date) {
    const read = await deps.catalogue.read(executor, [], [], null);
    const subscription = await readCheckoutSubscription(executor, request.subscription.id);
    if (!subscription) throw refuse('SUBSCRIPTION_NOT_AVAILABLE', 404, 'This subscription is not available.');
    const moment = shopMoment(now, read.shop.timezone);
    const quantities = checkQuantities(request, subscription);

    let renews: number | null = null;
    if (request.renewal) {
      if (clientId === null) throw refuse('LOGIN_REQUIRED', 401, 'Sign in to renew your subscription.');
      const found = await findClientSubscriptionByHash(executor, request.renewal);
      const own = found?.clientSubscription;
      if (!own || own.clientId !== clientId || own.subscriptionId !== subscription.id || !own.renewable) {
        throw refuse('RENEWAL_INVALID', 404, 'This renewal is not valid.');
      }
      renews = own.id;
    }

    const priceOf = new Map(subscription.audiences.map((entry) => [entry.audienceId, entry.priceCents]));
    const audienceIds = Object.keys(quantities)
      .map(Number)
      .sort((a, b) => a - b);
    const passes = audienceIds.map((audienceId) => ({ priceCents: priceOf.get(audienceId) ?? 0, count: quantities[audienceId] ?? 0 }));
    const upsellLines = checkUpsellChoices(request.upsells, subscription.upsells);

    const codes = uniqueCodes(request.coupon ? [request.coupon] : []);
    const resolved: ResolvedCodes =
      codes.length === 0
        ? { coupons: [], giftCards: [] }
        : await deps.discounts.resolve(executor, codes, { clientId, now, today: moment.date, target: { kind: 'SUBSCRIPTION', subscription: subscription.id } });
    const { totals, couponShares, giftCardUse } = priceSubscription(passes, upsellLines, resolved, read.additions);
    const rows = [
      ...audienceIds.map((audienceId) => ({
        kind: 'SUBSCRIPTION_AUDIENCE' as const,
        audienceId,
        upsellId: null,
        quantity: quantities[audienceId] ?? 0,
        unitPriceCents: priceOf.get(audienceId) ?? 0,
      })),
      ...upsellLines.map((line) => ({
        kind: 'UPSELL' as const,
        audienceId: null,
        upsellId: line.upsellId,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
    ];
    return { read, subscription, moment, quantities, renews, totals, couponShares, giftCardUse, rows };
  }

  /** The passes a paid order issues: one per pass bought, each with its holder (PHYSICAL), an existing pass when renewing. */
  async function planPasses(
    executor: Executor,
    request: ParsedSubscriptionOrderRequest,
    priced: Awaited<ReturnType<typeof priceAndValidate>>,
    customer: Customer,
  ): Promise<SubscriptionPlan> {
    const { subscription, quantities, renews } = priced;
    const holder = `${customer.first_name} ${customer.last_name}`.trim();
    if (subscription.type !== 'PHYSICAL') {
      const [audience] = Object.keys(quantities).map(Number);
      return { renews, passes: [{ pass: null, audience: audience as number, name: holder, birthday: null }] };
    }
    const existing = new Set(renews === null ? [] : (await passesOf(executor, renews)).map((row) => row.pass.id));
    const perAudience: AudienceQuantities = {};
    const used = new Set<number>();
    for (const pass of request.passes) {
      perAudience[pass.audience] = (perAudience[pass.audience] ?? 0) + 1;
      if (pass.pass !== null && (!existing.has(pass.pass) || used.has(pass.pass))) throw refuse('PASSES_INVALID', 400, 'A pass of this renewal is not yours.');
      if (pass.pass !== null) used.add(pass.pass);
      if (pass.profile.name === '') throw refuse('PASSES_INVALID', 400, 'Every pass needs the name of its holder.');
    }
    const matches = Object.keys({ ...perAudience, ...quantities }).every((key) => (perAudience[Number(key)] ?? 0) === (quantities[Number(key)] ?? 0));
    if (!matches) throw refuse('PASSES_INVALID', 400, 'There must be one pass, with its holder, per pass bought.');
    return {
      renews,
      passes: request.passes.map((pass) => ({ pass: pass.pass, audience: pass.audience, name: pass.profile.name, birthday: pass.profile.birthday ?? null })),
    };
  }

  async function write(request: ParsedSubscriptionOrderRequest, context: SubscriptionSubmitContext, now: Date, passwordHash: string | null) {
    return db.transaction(async (tx) => {
      const priced = await priceAndValidate(tx, request, context.clientId, now);
      const { read, subscription, totals } = priced;
      const { shop } = read;
      const language = answerLanguage(normaliseLanguage(request.language ?? '') ?? context.requestedLanguage, shop);
      const fields = customerFieldsIn(read.customerFields, language, shop.defaultLanguage);
      const customer = await resolveCustomer(tx, deps.clients, request.customer, undefined, fields, context.clientId);
      assertValidCustomerFor(customer, fields, { products: [], subscriptions: [subscription.id], vouchers: [] }, shop.allowBusiness);
      const plan = await planPasses(tx, request, priced, customer);
      const invoice = invoiceAsked(request.invoice, shop) ? invoiceDetailsFor(customer, shop) : null;

      // An anonymous customer's order goes on the account of its e-mail address, found or made (unconfirmed) and mailed a link.
      let accountId: number | null = null;
      if (context.clientId === null) {
        if (passwordHash === null) throw refuse('PASSWORD_INVALID', 400, `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
        accountId = await deps.accounts.forPurchase(tx, { customer, passwordHash, language, publicUrl: deps.publicUrl, now });
      }

      const prepared = await deps.core.prepare(
        {
          kind: 'SUBSCRIPTION',
          action: 'pay',
          amountCents: totals.total,
          currency: shop.currency,
          shopHoldMinutes: shop.holdMinutes,
          clientId: context.clientId ?? accountId,
          customer,
          language,
          orders: [
            {
              productId: null,
              plotId: null,
              subscriptionId: subscription.id,
              subscriptionPlan: plan,
              quantity: 0,
              couponCodes: priced.couponShares.filter((share) => share.cents > 0).map((share) => share.code),
              productCents: totals.product,
              upsellCents: totals.upsell,
              discountCents: totals.discount,
              additionsCents: totals.additions,
              totalCents: totals.total,
              enrichment: request.enrichment ?? null,
              lines: priced.rows,
              couponShares: priced.couponShares.filter((share) => share.cents > 0),
              redemption: null,
            },
          ],
          giftCardUse: priced.giftCardUse,
          invoice,
        },
        now,
      );
      // Nothing to pay online (a total of 0, or on invoice): the passes are issued now, with the checkout's writes.
      const written = await deps.core.commit(
        tx,
        prepared,
        { kind: 'SUBSCRIPTION', fulfil: deps.fulfilment.fulfil },
        { idempotency: context.idempotency ?? null, now },
      );
      const [order] = written.orders;
      if (!order) throw new Error('subscription order not written');
      return { written, order: { status: order.status, hash: order.hash }, totals, invoice: invoice !== null };
    });
  }

  /** The answer of a subscription checkout, simulated (no order, no payment), written or replayed. */
  const answer = (
    totals: OrderTotals,
    order: SubscriptionOrderResponse['response']['order'],
    payment: OrderPayment | null,
    invoice: boolean,
  ): SubscriptionOrderResponse => ({
    ok: true,
    response: { payment, order, subscription: { amount: toAmount(totals.total), prices: toPrices(totals) }, invoice },
  });

  return {
    /** The answer of a subscription checkout written by an earlier attempt with the same idempotency key (its payment's hash). */
    async replay(paymentHash: string): Promise<SubscriptionOrderResponse> {
      const { order, payment } = soleOrderOf(await deps.replayed(paymentHash), 'subscription');
      return answer(totalsOf(order), { status: order.status, hash: order.hash }, payment, order.invoice);
    },

    async submit(request: ParsedSubscriptionOrderRequest, context: SubscriptionSubmitContext): Promise<SubscriptionOrderResponse> {
      const now = clock.now();
      const codes = uniqueCodes(request.coupon ? [request.coupon] : []);
      if (request.simulate === true) {
        await deps.limits.simulation(context.address);
        const { totals, read } = await deps.codes.check(codes, { address: context.address, captcha: request.captcha }, () =>
          priceAndValidate(db, request, context.clientId, now),
        );
        return answer(totals, null, null, invoiceAsked(request.invoice, read.shop));
      }
      const captchaVerified = await deps.security.assess({
        kind: 'subscription',
        address: context.address,
        email: request.customer.email,
        captcha: request.captcha,
      });
      let passwordHash: string | null = null;
      if (context.clientId === null) {
        const password = request.customer.password ?? '';
        // The one password rule (security/password-strength.ts): 400 PASSWORD_TOO_WEAK with the reason.
        const { email, first_name: firstName, last_name: lastName } = request.customer;
        assertStrongPassword(password, { audience: 'shopper', userInputs: [email, firstName ?? '', lastName ?? ''] });
        // The order mails the address a link: counted like every mail a shopper's request sends.
        await deps.limits.shopperMail(request.customer.email, context.address);
        // Hashed before the transaction: argon2 takes tens of milliseconds that no row lock should wait for.
        passwordHash = await deps.hashPassword(password);
      }
      const written = await deps.codes.check(codes, { address: context.address, captcha: request.captcha, captchaVerified }, () =>
        write(request, context, now, passwordHash),
      );
      const payment: OrderPayment | null = await deps.core.start(written.written);
      return answer(written.totals, written.order, payment, written.invoice);
    },
  };
}

export type SubscriptionOrderService = ReturnType<typeof createSubscriptionOrderService>;
