/**
 * POST /api/orders: re-checks a cart, prices it on the server, and — unless it is a simulation —
 * takes its places, coupon uses and gift-card credit in ONE transaction (every line or none), then
 * asks the configured payment gateway how the visitor pays. GET /api/orders/{hash}: its status.
 */
import { randomBytes } from 'node:crypto';
import type { OrderPayment, OrderPrices, OrderResponse, OrderResult, OrderStatusView, ParsedOrderRequest } from '../../../src/domain/contracts/orders.ts';
import { normaliseLanguage, type Language } from '../../../src/domain/languages.ts';
import { toAmount } from '../../../src/domain/money.ts';
import { applyVoucherCredit, couponDiscountCents, orderTotals, type CouponRule, type OrderTotals } from '../../../src/domain/order/pricing.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OrderStatus } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { paymentGatewayFor, type PaymentGateway } from '../../payments/payment-gateway.ts';
import { createPaymentReconciler } from '../../payments/payment-reconciler.ts';
import { createPaymentSettlement } from '../../payments/payment-settlement.ts';
import type { Security } from '../../security/security.service.ts';
import { shopMoment, type ShopMoment } from '../catalogue/plots/shop-time.ts';
import { findServedProduct, listProductAudiences } from '../catalogue/products/product.repo.ts';
import { listProductUpsells } from '../catalogue/upsells/upsell.repo.ts';
import type { CouponRow, GiftCardRow } from '../coupons/coupon.repo.ts';
import { debitGiftCard, recordGiftCardDebit, recordRedemptions, takeCouponUse } from '../coupons/coupon.repo.ts';
import { couponApplies, resolveDiscountCodes, uniqueCodes } from '../coupons/discount-codes.ts';
import { enqueueOrderConfirmation } from '../mail/order-confirmation.ts';
import { toCustomerField } from '../organisation/organisation.mapper.ts';
import { findOrganisation, listAdditions, listCustomerFields, type OrganisationRow } from '../organisation/organisation.repo.ts';
import { addToPlot, insertHolds, liveHeldByPlot, readPlotsForCheckout } from './capacity.repo.ts';
import { assertValidCustomer, resolveCustomer } from './order-customer.ts';
import { checkLine, type CheckedLine } from './order-line-check.ts';
import { placesPerPlot } from './places-per-plot.ts';
import {
  findOrderByHash,
  findPaymentById,
  findPlotForCheckout,
  insertOrder,
  insertOrderLines,
  insertPayment,
  ordersOfPayment,
  setPaymentTransaction,
} from './order.repo.ts';

export interface OrderServiceDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'holdMinutes' | 'paymentGateway' | 'testGatewayMode' | 'stripe' | 'paypal' | 'capacityGuard' | 'capacityRaceDelayMs' | 'publicUrl'>;
  /** The captcha escalation (server/security), asked before a submission writes anything. */
  security: Pick<Security, 'assess'>;
  logger?: { warn(object: object, message?: string): void };
}

export interface SubmitContext {
  clientId: number | null;
  requestedLanguage: Language | null;
  /** The client address (request.ip), counted by the captcha escalation. */
  address: string | null;
}

/** One cart line, priced. `discountCents` includes gift-card credit (the storefront's total is product + upsells - discount + additions). */
interface PricedLine {
  checked: CheckedLine;
  coupons: CouponRow[];
  /** Per coupon, what it took off this line (coupons apply one after the other). */
  couponShares: { couponId: number; cents: number }[];
  creditCents: number;
  totals: OrderTotals;
}

const newHash = () => randomBytes(16).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toPrices(totals: OrderTotals): OrderPrices {
  return {
    product: toAmount(totals.product),
    upsell: toAmount(totals.upsell),
    subtotal: toAmount(totals.subtotal),
    discount: toAmount(totals.discount),
    additions: toAmount(totals.additions),
    total: toAmount(totals.total),
  };
}

function couponRule(coupon: CouponRow): CouponRule {
  return { kind: coupon.discountType, value: coupon.value, maxTicketAmount: coupon.maxTicketAmount };
}

/** Coupons apply per cart line, to its tickets only; each coupon's share is what it adds after the previous ones. */
function couponShares(ticketPrices: number[], coupons: CouponRow[]): { couponId: number; cents: number }[] {
  const shares: { couponId: number; cents: number }[] = [];
  let before = 0;
  for (let index = 0; index < coupons.length; index += 1) {
    const coupon = coupons[index] as CouponRow;
    const after = couponDiscountCents(ticketPrices, coupons.slice(0, index + 1).map(couponRule));
    shares.push({ couponId: coupon.id, cents: after - before });
    before = after;
  }
  return shares;
}

export function createOrderService({ db, clock, config, security, logger }: OrderServiceDeps) {
  const settlement = createPaymentSettlement({ db, clock, publicUrl: config.publicUrl });
  const reconciler = createPaymentReconciler({ db, clock, config, logger });

  async function checkLines(request: ParsedOrderRequest, now: Date, moment: ShopMoment): Promise<CheckedLine[]> {
    const perPlot = placesPerPlot(request.orders.map((line) => ({ plotId: line.product.plot ?? null, quantity: line.product.quantity })));
    const checked: CheckedLine[] = [];
    for (const line of request.orders) {
      const product = await findServedProduct(db, line.product.id);
      if (!product) throw new AppError('PRODUCT_NOT_AVAILABLE', 404, 'This product is not available');
      const plotId = line.product.plot ?? null;
      const [audiences, upsells, plot] = await Promise.all([
        listProductAudiences(db, product.id),
        listProductUpsells(db, product.id),
        plotId === null ? Promise.resolve(null) : findPlotForCheckout(db, plotId, now),
      ]);
      checked.push(checkLine(line, { product, audiences, upsells, plot }, moment, plotId === null ? 0 : (perPlot.get(plotId)?.places ?? 0)));
    }
    return checked;
  }

  async function priceLines(
    checked: CheckedLine[],
    discounts: { coupons: CouponRow[]; giftCards: GiftCardRow[] },
    additionRows: { amountCents: number; type: 0 | 1 }[],
  ): Promise<{ lines: PricedLine[]; giftCardUse: { card: GiftCardRow; cents: number }[] }> {
    const lines: PricedLine[] = checked.map((line) => {
      const coupons = discounts.coupons.filter((coupon) => couponApplies(coupon, { kind: 'PRODUCT', products: [line.product.id] }));
      const shares = couponShares(line.ticketPrices, coupons);
      const couponCents = shares.reduce((total, share) => total + share.cents, 0);
      const totals = orderTotals({
        productCents: line.productCents,
        upsellCents: line.upsellCents,
        discountCents: couponCents,
        additions: additionRows,
        rebooking: false,
      });
      return { checked: line, coupons: coupons.filter((_, index) => (shares[index]?.cents ?? 0) > 0), couponShares: shares.filter((share) => share.cents > 0), creditCents: 0, totals };
    });
    // Gift-card credit pays the cart's totals in order: the first card the first lines, and so on.
    const giftCardUse: { card: GiftCardRow; cents: number }[] = [];
    for (const card of discounts.giftCards) {
      let credit = card.creditCents;
      let used = 0;
      for (const line of lines) {
        const applied = applyVoucherCredit(line.totals.total, credit);
        if (applied.usedCents === 0) continue;
        line.creditCents += applied.usedCents;
        line.totals = { ...line.totals, discount: line.totals.discount + applied.usedCents, total: applied.totalCents };
        credit -= applied.usedCents;
        used += applied.usedCents;
      }
      if (used > 0) giftCardUse.push({ card, cents: used });
    }
    return { lines, giftCardUse };
  }

  interface CheckoutWrite {
    organisation: OrganisationRow | undefined;
    action: 'pay' | 'reserve';
    lines: PricedLine[];
    giftCardUse: { card: GiftCardRow; cents: number }[];
    customer: Parameters<typeof insertOrder>[1]['customer'];
    clientId: number | null;
    language: Language;
    enrichment: (Record<string, unknown> | null)[];
    gateway: PaymentGateway | null;
    now: Date;
  }

  /** The capacity guard and every write of a checkout, in one transaction. */
  async function writeCheckout(write: CheckoutWrite) {
    const { lines, action, now } = write;
    const totalCents = lines.reduce((sum, line) => sum + line.totals.total, 0);
    const nothingToPay = action === 'pay' && totalCents === 0;
    // Places are sold at once for a reservation (kept until it is paid or cancelled) and for an order with nothing to pay.
    const sellNow = action === 'reserve' || nothingToPay;
    const status: OrderStatus = action === 'reserve' ? 'RESERVED' : nothingToPay ? 'PAID' : 'PENDING';
    const holdMinutes = config.holdMinutes ?? write.organisation?.holdMinutes ?? 15;
    const currency = write.organisation?.currency ?? 'EUR';
    // An unpaid checkout is given up when its holds lapse; one without places (nothing held) then too.
    const expiresAt = status === 'PENDING' ? new Date(now.getTime() + holdMinutes * 60_000) : null;

    return db.transaction(async (tx) => {
      const payment = await insertPayment(tx, {
        hash: newHash(),
        gateway: nothingToPay ? 'none' : (write.gateway?.id ?? config.paymentGateway),
        type: 'REDIRECT',
        status: nothingToPay ? 'paid' : 'pending',
        amountCents: totalCents,
        currency,
        expiresAt,
      });
      const created = [];
      for (const [index, line] of lines.entries()) {
        const order = await insertOrder(tx, {
          hash: newHash(),
          status,
          paymentId: payment.id,
          clientId: write.clientId,
          customer: write.customer,
          language: write.language,
          productId: line.checked.product.id,
          plotId: line.checked.plot?.id ?? null,
          quantity: line.checked.quantity,
          couponCodes: line.coupons.map((coupon) => coupon.code),
          productCents: line.totals.product,
          upsellCents: line.totals.upsell,
          discountCents: line.totals.discount,
          additionsCents: line.totals.additions,
          totalCents: line.totals.total,
          currency,
          enrichment: write.enrichment[index] ?? null,
        });
        await insertOrderLines(tx, order.id, line.checked.rows);
        await recordRedemptions(tx, line.couponShares.map((share) => ({ couponId: share.couponId, orderId: order.id, discountCents: share.cents })));
        created.push(order);
      }

      // The plot locks are taken last, after the rows that need no lock, so the hot rows stay locked briefly.
      const perPlot = placesPerPlot(lines.map((line) => ({ plotId: line.checked.plot?.id ?? null, quantity: line.checked.quantity })));
      const plotIds = [...perPlot.keys()].sort((a, b) => a - b);
      const guard = config.capacityGuard;
      const locked = await readPlotsForCheckout(tx, plotIds, guard);
      const held = await liveHeldByPlot(tx, plotIds, now);
      if (config.capacityRaceDelayMs > 0) await sleep(config.capacityRaceDelayMs);
      for (const plot of locked) {
        const wanted = perPlot.get(plot.id) ?? { places: 0, orders: 0 };
        if (guard) {
          const free = plot.capacity === null ? Number.POSITIVE_INFINITY : plot.capacity - plot.sold - (held.get(plot.id) ?? 0);
          if (free < wanted.places) throw new AppError('PLOT_SOLD_OUT', 409, 'Not enough places are left in this time slot');
          if (plot.maxOrders !== null && plot.orderCount + wanted.orders > plot.maxOrders) {
            throw new AppError('ORDER_LIMIT_REACHED', 409, 'This time slot takes no more orders');
          }
        }
        await addToPlot(tx, plot.id, { sold: sellNow ? wanted.places : 0, orders: wanted.orders });
      }

      if (expiresAt) {
        await insertHolds(
          tx,
          created.flatMap((order, index) => {
            const plot = lines[index]?.checked.plot;
            return plot ? [{ plotId: plot.id, orderId: order.id, quantity: order.quantity, expiresAt }] : [];
          }),
        );
      }

      // One use per coupon per checkout, taken atomically; a coupon used up meanwhile undoes everything.
      const usedCoupons = [...new Set(lines.flatMap((line) => line.couponShares.map((share) => share.couponId)))].sort((a, b) => a - b);
      for (const couponId of usedCoupons) {
        if (!(await takeCouponUse(tx, couponId))) throw new AppError('COUPON_USED_UP', 409, 'A coupon has just been used up', { errorInfo: 'This coupon has been used up.' });
      }
      for (const { card, cents } of [...write.giftCardUse].sort((a, b) => a.card.id - b.card.id)) {
        if (!(await debitGiftCard(tx, card.id, cents))) {
          throw new AppError('GIFT_CARD_EMPTY', 409, 'A gift card no longer has this credit', { errorInfo: `The gift card ${card.code} no longer has enough credit.` });
        }
        await recordGiftCardDebit(tx, { giftCardId: card.id, paymentId: payment.id, amountCents: cents });
      }
      // A reservation or an order with nothing to pay is confirmed now, with the checkout's writes.
      if (status !== 'PENDING') await enqueueOrderConfirmation(tx, created, config.publicUrl);
      return { payment, orders: created, nothingToPay };
    });
  }

  return {
    async submit(request: ParsedOrderRequest, context: SubmitContext): Promise<OrderResponse> {
      if (request.orders.some((line) => line.rebook || line.rebook_secret)) {
        throw new AppError('BAD_REQUEST', 400, 'Rebooking is not supported yet');
      }
      const simulate = request.simulate === true || request.orders.some((line) => line.simulate === true);
      if (!simulate) await security.assess({ kind: 'order', address: context.address, email: request.customer.email, captcha: request.captcha });
      const now = clock.now();
      const organisation = await findOrganisation(db);
      const timezone = organisation?.timezone ?? 'Europe/Amsterdam';
      const moment = shopMoment(now, timezone);

      const checked = await checkLines(request, now, moment);
      const productIds = [...new Set(checked.map((line) => line.product.id))];
      const discounts = await resolveDiscountCodes(db, uniqueCodes(request.coupon), {
        clientId: context.clientId,
        now,
        today: moment.date,
        target: { kind: 'PRODUCT', products: productIds },
      });
      const additionRows = await listAdditions(db);
      const { lines, giftCardUse } = await priceLines(checked, discounts, additionRows);

      if (simulate) {
        return { ok: true, response: { orders: lines.map((line) => ({ order: null, payment: null, prices: toPrices(line.totals), invoice: false })) } };
      }

      if (request.action === 'reserve' && checked.some((line) => !line.product.allowReservations)) {
        throw new AppError('RESERVATION_NOT_ALLOWED', 400, 'These products cannot be reserved');
      }
      const language = normaliseLanguage(request.language ?? '') ?? context.requestedLanguage ?? organisation?.defaultLanguage ?? 'en';
      const fallback = organisation?.defaultLanguage ?? 'en';
      const fields = (await listCustomerFields(db)).map((row) => toCustomerField(row, language, fallback));
      const customer = await resolveCustomer(db, request.customer, request.fields, fields, context.clientId);
      assertValidCustomer(customer, fields, productIds, organisation?.allowBusiness ?? false);

      const totalCents = lines.reduce((sum, line) => sum + line.totals.total, 0);
      // Resolved before anything is written: a gateway that is not available refuses the order untouched.
      const gateway = request.action === 'pay' && totalCents > 0 ? paymentGatewayFor(config) : null;
      const written = await writeCheckout({
        organisation,
        action: request.action,
        lines,
        giftCardUse,
        customer,
        clientId: context.clientId,
        language,
        enrichment: request.orders.map((line) => (line.enrichment as Record<string, unknown> | null | undefined) ?? null),
        gateway,
        now,
      });

      let payment: OrderPayment | null = null;
      if (written.nothingToPay) {
        payment = { type: 'REDIRECT', gateway: 'none', hash: written.payment.hash, transaction: false };
      } else if (gateway) {
        const created = await gateway
          .createPayment({
            paymentHash: written.payment.hash,
            amountCents: written.payment.amountCents,
            currency: written.payment.currency,
            orderHashes: written.orders.map((order) => order.hash),
            publicUrl: config.publicUrl,
            language,
            expiresAt: written.payment.expiresAt,
            email: customer.email,
          })
          .catch(async (error: unknown) => {
            // The provider refused or could not be reached: the checkout fails at once, so it holds
            // no places, coupon uses or credit while the shopper is told (PAYMENT_FAILED).
            await settlement.settle(written.payment.hash, 'failed', { key: 'gateway:create-failed', payload: { message: error instanceof Error ? error.message : String(error) } });
            throw error;
          });
        await setPaymentTransaction(db, written.payment.id, { ...created, transaction: created.transaction, now: clock.now() });
        payment = { type: created.type, gateway: gateway.id, hash: written.payment.hash, transaction: created.transaction };
      }

      const results: OrderResult[] = written.orders.map((order, index) => ({
        order: { status: order.status, hash: order.hash },
        payment,
        prices: toPrices((lines[index] as PricedLine).totals),
        invoice: false,
      }));
      return { ok: true, response: { orders: results } };
    },

    /**
     * An order's status, by its hash or by its payment's (the nothing-to-pay path of spec section 4
     * goes to /checkout/return/{payment hash}: then the checkout's first order answers).
     */
    async status(hash: string): Promise<OrderStatusView> {
      let order = await findOrderByHash(db, hash);
      if (!order) {
        const paidTogether = await settlement.findPayment(hash);
        order = paidTogether ? ((await ordersOfPayment(db, paidTogether.id))[0] ?? null) : null;
      }
      if (!order) throw notFound('No such order');
      let payment = order.paymentId === null ? null : await findPaymentById(db, order.paymentId);
      // The provider is asked first (the shopper may be back from paying before its webhook), then a
      // checkout given up unpaid is expired here, on first sight (no sweeper needed); read again
      // either way, since a concurrent look may have changed it meanwhile.
      if (payment?.status === 'pending' || payment?.status === 'expired') {
        await reconciler.refresh(payment);
        await settlement.expireIfLapsed(payment.hash);
        order = (await findOrderByHash(db, order.hash)) ?? order;
        payment = await findPaymentById(db, payment.id);
      }
      return {
        hash: order.hash,
        status: order.status,
        payment: payment ? { status: payment.status, gateway: payment.gateway } : null,
        total: toAmount(order.totalCents),
      };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
