/**
 * POST /api/orders — an order's life up to its payment, in order:
 *   price    the cart priced with the domain rules (checkout-pricing.ts) from the catalogue as read
 *            just before it writes (ONE query, catalogue/checkout-catalogue.ts);
 *   validate each line (line-check.ts: quantities, audiences, upsells, a slot that has not
 *            started), the discount codes, the customer (customer.ts);
 *   take     through THE checkout core (checkout-core.ts), as the PRODUCT line kind: the core decides
 *            status, hold deadline and gateway and writes payment, orders and lines
 *            (checkout.repo.ts); this kind's write takes the places through THE capacity guard
 *            (capacity-guard.ts: one conditional UPDATE per slot, in the statement that writes the
 *            rows where it can, so the slot row stays locked only until the commit), then the core
 *            runs the other takings (takings.ts: coupon uses, gift-card credit, ONLINE subscription
 *            redemptions) and this kind's rebooking record — all or nothing. The common cart (pay for
 *            places on one slot, no discount code, nothing else taken) is written by ONE statement
 *            that also takes its places, so it needs no transaction (writeAtOnce, with the core's
 *            `prepare`); every other cart, and one the guard refused there, is written in one;
 *   start payment with the configured gateway, after the commit (the core's `start`); a gateway that
 *            refuses fails the checkout at once through the settlement (settlement.ts), which also
 *            settles it later (paid, failed, cancelled, expired, paid late) and releases what it took.
 * A simulation (`simulate: true`) prices and validates the same way and writes nothing.
 */
import { sql } from 'drizzle-orm';
import type { OrderResponse, OrderResult, ParsedOrderRequest } from '#domain/contracts/orders.ts';
import { keyStillHeld, type IdempotencyClaim } from '../idempotency/index.ts';
import { totalsOf, type CheckoutReplay } from './checkout-replay.ts';
import { normaliseLanguage, type Language } from '#domain/languages.ts';
import { placesPerPlot, slotRefusal, type ShopMoment } from '#domain/order/slot-rules.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRecord, OrderStatus } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { AbuseLimits } from '../../security/abuse-limits.ts';
import type { Security } from '../../security/security.service.ts';
import { shopMoment } from '../../shop-time.ts';
import { stillCurrent, type CheckoutCatalogue, type CheckoutCatalogueReader } from '../catalogue/index.ts';
import { type DiscountResolver, type ResolvedCodes, uniqueCodes } from '../coupons/index.ts';
import type { CodeGuessing } from '../../security/code-guessing.ts';
import { customerFieldsIn, answerLanguage } from '../organisation/index.ts';
import type { CapacityGuard, PlotClaim } from './capacity-guard.ts';
import { priceCart, toPrices, type PricedCart } from './checkout-pricing.ts';
import { insertCheckout, ordersByIds, type NewCheckout, type WrittenCheckout } from './checkout.repo.ts';
import { assertValidCustomer, resolveCustomer, type ClientReader } from './customer.ts';
import { checkLine, type CheckedLine } from './line-check.ts';
import type { CheckoutCore, CommittedCheckout, LineKind } from './checkout-core.ts';
import type { SettlementMail } from './settlement.ts';
import { reservationExpiry } from './reservation-expiry.ts';
import type { Redemption } from './takings.ts';
import type { OrderChanges } from './order-change.ts';
import { recordRebooking } from './order-move.ts';
import { assertRebookable, orderOfMoveToken, REBOOK_NOT_ALLOWED, rebookingOpen } from './rebook.ts';
import { invoiceAsked, invoiceDetailsFor } from './invoice.ts';
import { rebookAmountCents } from '#domain/order/rebooking.ts';
import { toAmount } from '#domain/money.ts';
import type { Customer } from '#domain/customer.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';

/** A line that pays its tickets with an ONLINE subscription token. */
export interface RedeemingLine {
  token: string;
  productId: number;
  quantity: number;
  audiences: number[];
}

export interface CheckoutDeps {
  db: Database;
  clock: Clock;
  /** RESERVATION_HOURS: an unpaid reservation lapses (and gives its places back) after this. */
  reservationHours: number;
  /** The shared abuse limits (server/security/abuse-limits.ts): places, simulations, codes, mails. */
  limits: Pick<AbuseLimits, 'orderPlaces' | 'simulation' | 'shopperMail'>;
  /** The checkout core (checkout-core.ts): status, deadlines, gateway, the write, the takings, the payment step. */
  core: CheckoutCore;
  /** The captcha escalation (server/security), asked before a submission writes anything. */
  security: Pick<Security, 'assess'>;
  catalogue: CheckoutCatalogueReader;
  discounts: DiscountResolver;
  /** ONLINE subscription tokens of the lines (server/modules/subscriptions/redemptions.ts). */
  redemptions: {
    resolve(db: Executor, lines: readonly (RedeemingLine | null)[], context: { clientId: number | null; today: string }): Promise<(Redemption | null)[]>;
  };
  clients: ClientReader;
  /** Gift-card codes looked up by a simulation or order take from the balance check's limits. */
  /** Every code asked about: security/code-guessing.ts. */
  codes: Pick<CodeGuessing, 'check'>;
  capacity: CapacityGuard;
  mail: Pick<SettlementMail, 'orderConfirmation'>;
  /** THE order change: a rebooking with nothing to pay is final with the checkout. */
  changes: Pick<OrderChanges, 'finishRebooking'>;
  /** A written checkout's answer rebuilt from its rows, for a retry whose first answer was lost. */
  replayed: CheckoutReplay;
  /** The waiting list (server/modules/waitlist): a cart with a hold token takes the places held for it. */
  waitlist: {
    redeem(tx: Executor, token: string, claims: readonly { plotId: number; places: number }[], now: Date): Promise<void>;
    /** The places a live hold token holds (read only, for a simulation); null when it holds none. */
    held(token: string, now: Date): Promise<{ plotId: number; quantity: number } | null>;
  };
}

export interface SubmitContext {
  clientId: number | null;
  requestedLanguage: Language | null;
  /** The client address (request.ip), counted by the captcha escalation. */
  address: string | null;
  /** The request's Idempotency-Key: bound to the checkout in the statement or transaction that writes it. */
  idempotency?: IdempotencyClaim | null;
}

/** The most places a request may take: each line's quantity, or its audiences' together if more. */
function requestedPlaces(request: ParsedOrderRequest): number {
  return request.orders.reduce((sum, line) => {
    const audiences = Object.values(line.audiences ?? {}).reduce((total, audience) => total + audience.quantity, 0);
    return sum + Math.max(line.product.quantity, audiences);
  }, 0);
}

/** The products and plots a cart names, each once. */
function cartIds(request: ParsedOrderRequest): { productIds: number[]; plotIds: number[] } {
  return {
    productIds: [...new Set(request.orders.map((line) => line.product.id))],
    plotIds: [...new Set(request.orders.flatMap((line) => (line.product.plot === null || line.product.plot === undefined ? [] : [line.product.plot])))],
  };
}

function claimsOf(lines: readonly CheckedLine[]): PlotClaim[] {
  const perPlot = placesPerPlot(lines.map((line) => ({ plotId: line.plot?.id ?? null, quantity: line.quantity })));
  return [...perPlot.entries()].map(([plotId, wanted]) => ({ plotId, places: wanted.places, orders: wanted.orders }));
}

/** The customer as sent, with the booking's e-mail address (and its confirmation field) kept. */
function lockedEmail(customer: Customer, email: string, fields: readonly CustomerField[]): Customer {
  const confirm = Object.fromEntries(fields.filter((field) => field.type === 'EMAIL_CONFIRM').map((field) => [field.name, email]));
  return { ...customer, email, fields: { ...customer.fields, ...confirm } };
}

/** A rebooked paid booking pays the difference and the rebooking additions (src/domain/order/rebooking.ts); a reservation was not paid yet. */
function payableCents(original: OrderRecord | null, cart: PricedCart): number {
  return original?.status === 'PAID'
    ? rebookAmountCents(original, { totalCents: cart.totalCents, additionsCents: cart.lines.reduce((sum, line) => sum + line.totals.additions, 0) })
    : cart.totalCents;
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, catalogue, discounts, capacity, core } = deps;

  /**
   * The price and validate steps: the same for a simulation and a submission. `given`: the catalogue
   * already read for this cart (the one-statement checkout's, kept by the process); else read here.
   */
  async function priceAndValidate(
    executor: Executor,
    request: ParsedOrderRequest,
    context: SubmitContext,
    now: Date,
    liveAt: Date | null,
    rebooking = false,
    given: CheckoutCatalogue | null = null,
  ) {
    const { clientId } = context;
    const { productIds, plotIds } = cartIds(request);
    const read = given ?? (await catalogue.read(executor, productIds, plotIds, liveAt));
    const moment: ShopMoment = shopMoment(now, read.shop.timezone);
    const checked = request.orders.map((line) => checkLine(line, read, moment));
    const codes = uniqueCodes(request.coupon);
    const resolved: ResolvedCodes =
      codes.length === 0
        ? { coupons: [], giftCards: [] }
        : await discounts.resolve(executor, codes, { clientId, now, today: moment.date, target: { kind: 'PRODUCT', products: productIds } });
    const redeeming = request.orders.map((line, index): RedeemingLine | null => {
      const token = line.subscription?.trim();
      const checkedLine = checked[index] as CheckedLine;
      if (!token) return null;
      const audiences = checkedLine.rows.flatMap((row) => (row.kind === 'AUDIENCE' && row.audienceId ? [row.audienceId] : []));
      return { token, productId: checkedLine.product.id, quantity: checkedLine.quantity, audiences };
    });
    const redemptions = await deps.redemptions.resolve(executor, redeeming, { clientId, today: moment.date });
    return { read, moment, checked, cart: priceCart(checked, resolved, read.additions, rebooking, redemptions) };
  }

  /** A simulation also tells whether the slots still fit, as the listing would (the submission's guard decides for real). */
  function assertSlotsFit(
    read: CheckoutCatalogue,
    checked: readonly CheckedLine[],
    moment: ShopMoment,
    held: { plotId: number; quantity: number } | null = null,
  ): void {
    for (const claim of claimsOf(checked)) {
      const plot = read.plots.get(claim.plotId);
      if (!plot || plot.taken === null) continue;
      // Places a waiting-list link holds for this visitor are theirs.
      const taken = held?.plotId === claim.plotId ? Math.max(0, plot.taken - held.quantity) : plot.taken;
      const refused = slotRefusal({ ...plot, taken }, claim, moment);
      if (refused)
        throw new AppError(
          refused,
          409,
          refused === 'ORDER_LIMIT_REACHED' ? 'This time slot takes no more orders' : 'Not enough places are left in this time slot',
        );
    }
  }

  /** A written checkout, with the cart it was priced as (the answer's prices). */
  type Written = CommittedCheckout & { cart: PricedCart; invoice: boolean };

  /** Everything a submission writes, priced and validated on `executor`, decided by the core, not yet written. `given`: see priceAndValidate. */
  async function prepare(
    executor: Executor,
    request: ParsedOrderRequest,
    context: SubmitContext,
    now: Date,
    original: OrderRecord | null = null,
    given: CheckoutCatalogue | null = null,
  ) {
    const { read, checked, cart } = await priceAndValidate(executor, request, context, now, null, original !== null, given);
    if (request.action === 'reserve' && checked.some((line) => !line.product.allowReservations)) {
      throw new AppError('RESERVATION_NOT_ALLOWED', 400, 'These products cannot be reserved');
    }
    const { shop } = read;
    const language = answerLanguage(normaliseLanguage(request.language ?? '') ?? context.requestedLanguage, shop);
    const fields = customerFieldsIn(read.customerFields, language, shop.defaultLanguage);
    const resolved = await resolveCustomer(executor, deps.clients, request.customer, request.fields, fields, context.clientId);
    // During rebooking only the e-mail address stays locked (spec section 6): the booking's own.
    const customer = original ? lockedEmail(resolved, original.customer.email, fields) : resolved;
    assertValidCustomer(customer, fields, [...new Set(checked.map((line) => line.product.id))], shop.allowBusiness);
    const invoice = invoiceAsked(request.invoice, shop, { action: request.action, rebooking: original !== null }) ? invoiceDetailsFor(customer, shop) : null;

    const prepared = await core.prepare(
      {
        kind: 'PRODUCT',
        action: request.action,
        amountCents: payableCents(original, cart),
        currency: shop.currency,
        shopHoldMinutes: shop.holdMinutes,
        // An unpaid reservation, whose places are sold, lapses after RESERVATION_HOURS or when its
        // first slot starts, whichever comes first, and gives them back.
        reservedUntil: () => reservationExpiry(now, deps.reservationHours, checked, shop.timezone),
        clientId: context.clientId,
        customer,
        language,
        orders: cart.lines.map((line, index) => ({
          productId: line.checked.product.id,
          plotId: line.checked.plot?.id ?? null,
          quantity: line.checked.quantity,
          couponCodes: line.coupons.map((coupon) => coupon.code),
          productCents: line.totals.product,
          upsellCents: line.totals.upsell,
          discountCents: line.totals.discount,
          additionsCents: line.totals.additions,
          totalCents: line.totals.total,
          enrichment: request.orders[index]?.enrichment ?? null,
          lines: line.checked.rows,
          couponShares: line.couponShares,
          redemption: line.redemption ?? null,
        })),
        giftCardUse: cart.giftCardUse,
        invoice,
      },
      now,
    );
    const written = (at: WrittenCheckout): Written => ({ ...core.committed(prepared, at), cart, invoice: invoice !== null });
    return { prepared, cart, claims: claimsOf(checked), catalogue: read, written };
  }

  /**
   * The common checkout — pay for places on ONE slot, no discount code — is ONE statement, so it
   * needs no transaction around it, and usually no read before it: priced and validated with the
   * catalogue this process kept (read first where it keeps nothing of the cart), then the rows
   * written in one statement that also runs the capacity guard's conditional UPDATE (the places and
   * the slot's order limit decided on the locked row) and checks that the catalogue version it was
   * priced with is still the database's. So what it charges is what was in force when it wrote, as
   * inside a READ COMMITTED transaction where each statement sees what was committed before it.
   * When the statement writes nothing, a slot that a fresh read finds full (with no lapsed hold to
   * reclaim) refuses at once (capacity-guard.ts standingRefusal): the common refusal of a rush.
   * Null, having written nothing, for any other checkout, when the guard or the version check
   * refuses otherwise, and for any refusal decided on kept data: `write` then decides with a fresh read.
   */
  async function writeAtOnce(request: ParsedOrderRequest, context: SubmitContext, now: Date): Promise<Written | null> {
    if (request.action !== 'pay' || uniqueCodes(request.coupon).length > 0 || request.orders.some((line) => line.rebook) || request.waitlist_hold) return null;
    const plots = new Set(request.orders.map((line) => line.product.plot ?? null));
    if (plots.size !== 1 || plots.has(null)) return null;
    const { productIds, plotIds } = cartIds(request);
    const read = await catalogue.readKept(db, productIds, plotIds);
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(db, request, context, now, null, read);
    } catch (error) {
      // A refusal is never decided on kept data: `write` reads the catalogue again and decides.
      if (error instanceof AppError && read.fromKept) return null;
      throw error;
    }
    if (prepared.prepared.status !== 'PENDING' || core.takesMore(prepared.prepared.draft)) return null;
    // With an idempotency key, the guard also refuses when the key is no longer this attempt's, and the
    // statement binds it to the payment it writes: committed together or not at all.
    const key = context.idempotency ?? null;
    const current = stillCurrent(prepared.catalogue);
    const guard = await capacity.fastGuard(prepared.claims, prepared.prepared.sell, key ? sql`${current} and ${keyStillHeld(key)}` : current);
    const written = guard ? await insertCheckout(db, prepared.prepared.rows, guard, key) : null;
    if (written) return prepared.written(written);
    // Refused: a slot that is full on a fresh read, with nothing to reclaim, refuses now; anything else is decided by `write`.
    const refused = guard ? await capacity.standingRefusal(db, prepared.claims, prepared.prepared.sell, now) : null;
    if (refused) throw refused;
    return null;
  }

  /**
   * The booking a rebooking submission moves, locked: the shop's secret must match, the line carry
   * a live move token (from POST /api/rebook/validate) and the booking's product, and the booking
   * must be movable now (rebook.ts).
   */
  async function rebookedOrder(tx: Executor, request: ParsedOrderRequest, now: Date, lock = true): Promise<OrderRecord | null> {
    const [line] = request.orders;
    if (!line?.rebook && !line?.rebook_secret) return null;
    if (!line.rebook || !(await rebookingOpen(tx, line.rebook_secret))) throw new AppError('REBOOK_NOT_ALLOWED', 409, REBOOK_NOT_ALLOWED);
    // A simulation only reads: the submission locks and checks again.
    const original = await orderOfMoveToken(tx, line.rebook, now, lock);
    if (!original || original.productId !== line.product.id) throw new AppError('REBOOK_NOT_ALLOWED', 409, REBOOK_NOT_ALLOWED);
    await assertRebookable(tx, original, now);
    return original;
  }

  /**
   * The product kind's write: the rows and the places. A cart on one slot: the guard runs in the
   * statement that writes the rows, so the slot row is locked only from there to the commit.
   */
  async function writeWithPlaces(tx: Executor, rows: NewCheckout, claims: PlotClaim[], sell: boolean, now: Date): Promise<WrittenCheckout> {
    const guard = await capacity.fastGuard(claims, sell);
    let written = guard ? await insertCheckout(tx, rows, guard) : null;
    if (guard && !written) {
      // Refused there, with nothing written: `take` reclaims lapsed holds and decides on the locked row.
      await capacity.take(tx, claims, { sell, now, orderIds: [] });
      written = await insertCheckout(tx, rows);
    } else if (!guard) {
      // A cart on several slots (or none): the rows first, then the slots locked in id order, briefly.
      written = await insertCheckout(tx, rows);
      if (written) await capacity.take(tx, claims, { sell, now, orderIds: written.orders.map((order) => order.id) });
    }
    if (!written) throw new Error('checkout not written');
    return written;
  }

  /** Price, validate and take, in ONE transaction: every line or none. */
  async function write(request: ParsedOrderRequest, context: SubmitContext, now: Date): Promise<Written> {
    return db.transaction(async (tx) => {
      // A rebooking locks the booking it moves first: a second request for it waits, then finds it moved.
      const original = await rebookedOrder(tx, request, now);
      const { prepared, claims, written } = await prepare(tx, request, context, now, original);
      // A waiting-list link: its held places are given to this checkout before it takes them (same transaction).
      if (request.waitlist_hold) await deps.waitlist.redeem(tx, request.waitlist_hold, claims, now);
      const kind: LineKind = {
        kind: 'PRODUCT',
        write: (executor, rows) => writeWithPlaces(executor, rows, claims, prepared.sell, now),
        // A rebooking is recorded with the checkout; with nothing to pay the old places go back now,
        // in this transaction. Otherwise when the difference is paid (settlement).
        ...(original && {
          async take(executor: Executor, rows: WrittenCheckout, status: OrderStatus) {
            const [moved] = rows.orders;
            if (!moved) throw new Error('rebooking not written');
            await recordRebooking(executor, original.id, moved.id, status !== 'PENDING');
            if (status !== 'PENDING') {
              const [movedOrder] = await ordersByIds(executor, [moved.id]);
              if (movedOrder) await deps.changes.finishRebooking(executor, original, movedOrder, now);
            }
          },
        }),
        // A reservation or an order with nothing to pay is confirmed now, with the checkout's writes.
        fulfil: (executor, orders) => deps.mail.orderConfirmation(executor, orders),
      };
      const committed = await core.commit(tx, prepared, kind, { idempotency: context.idempotency ?? null, now });
      return written({ paymentId: committed.paymentId, orders: committed.orders.map(({ id, hash }) => ({ id, hash })) });
    });
  }

  return {
    /** The answer of a checkout written by an earlier attempt with the same idempotency key (its payment's hash). */
    async replay(paymentHash: string): Promise<OrderResponse> {
      const { orders, payment } = await deps.replayed(paymentHash);
      return {
        ok: true,
        response: {
          orders: orders.map((order) => ({
            order: { status: order.status, hash: order.hash },
            payment,
            prices: toPrices(totalsOf(order)),
            invoice: order.invoice,
          })),
        },
      };
    },

    async submit(request: ParsedOrderRequest, context: SubmitContext): Promise<OrderResponse> {
      const rebooking = request.orders.some((line) => line.rebook || line.rebook_secret);
      if (rebooking && (request.orders.length !== 1 || request.action !== 'pay' || uniqueCodes(request.coupon).length > 0)) {
        throw new AppError('BAD_REQUEST', 400, 'A rebooking moves one booking, paid with no discount code');
      }
      const simulate = request.simulate === true || request.orders.some((line) => line.simulate === true);
      const codes = uniqueCodes(request.coupon);
      const now = deps.clock.now();
      if (simulate) {
        await deps.limits.simulation(context.address);
        const { read, moment, checked, cart } = await deps.codes.check(codes, { address: context.address, captcha: request.captcha }, () =>
          priceAndValidate(db, request, context, now, now, rebooking),
        );
        assertSlotsFit(read, checked, moment, request.waitlist_hold ? await deps.waitlist.held(request.waitlist_hold, now) : null);
        // A rebooking is told what its payment will ask, before it is sent.
        const original = rebooking ? await rebookedOrder(db, request, now, false) : null;
        const amount = original ? { amount: toAmount(payableCents(original, cart)) } : {};
        const invoice = invoiceAsked(request.invoice, read.shop, { action: request.action, rebooking });
        return {
          ok: true,
          response: { orders: cart.lines.map((line) => ({ order: null, payment: null, prices: toPrices(line.totals), invoice, ...amount })) },
        };
      }
      const captchaVerified = await deps.security.assess({ kind: 'order', address: context.address, email: request.customer.email, captcha: request.captcha });
      // Counted before anything is written, outside the checkout's transaction.
      await deps.limits.orderPlaces(requestedPlaces(request), context);
      if (request.action === 'reserve') await deps.limits.shopperMail(request.customer.email, context.address);
      // The code limits wrap the whole write, so a miss is counted after its transaction ended.
      const written = await deps.codes.check(
        codes,
        { address: context.address, captcha: request.captcha, captchaVerified },
        async () => (await writeAtOnce(request, context, now)) ?? (await write(request, context, now)),
      );
      const payment = await core.start(written);
      const results: OrderResult[] = written.orders.map((order, index) => ({
        order: { status: order.status, hash: order.hash },
        payment,
        prices: toPrices((written.cart.lines[index] as PricedCart['lines'][number]).totals),
        invoice: written.invoice,
      }));
      return { ok: true, response: { orders: results } };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
