/**
 * POST /api/vouchers (spec sections 3, 4, 7): a voucher order on the checkout core, in its order —
 *   price    the values chosen at the voucher's prices, plus the organisation's additions while the
 *            total is above 0 (priceVoucher, src/domain/order/totals.ts), with the shop settings of the
 *            checkout's catalogue reader;
 *   validate the quantities (the same domain rule as the storefront's steppers) and the customer
 *            (checkout/customer.ts, with the fields that apply to this voucher);
 *   then     handed to the checkout core (checkout/checkout-core.ts) as a VOUCHER line kind: it
 *            decides status and hold deadline, writes the payment, order and value lines, then the
 *            kind takes each value's stock with a conditional UPDATE, in ONE transaction (the stock
 *            is given back by the settlement: voucher-stock.ts), and starts the payment with the
 *            same gateway and step as product orders.
 * The settlement then marks it paid and issues the gift cards once (gift-card-issue.ts).
 * A simulation (`simulate: true`) prices and validates the same way and writes nothing.
 */
import type { ParsedVoucherOrderRequest, VoucherOrderResponse } from '#domain/contracts/vouchers.ts';
import { normaliseLanguage, type Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import { voucherQuantityProblem } from '#domain/order/voucher-pricing.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Security } from '../../security/security.service.ts';
import { type CheckoutCatalogueReader, findServedVoucher, listVoucherValues } from '../catalogue/index.ts';
import {
  assertValidCustomerFor,
  resolveCustomer,
  type ClientReader,
  priceVoucher,
  type CheckoutCore,
  type LineKind,
  type CheckoutFulfilment,
  soleOrderOf,
  type CheckoutReplay,
  invoiceAsked,
  invoiceDetailsFor,
} from '../checkout/index.ts';
import { customerFieldsIn, answerLanguage } from '../organisation/index.ts';
import { takeVoucherStock } from './voucher-order.repo.ts';
import type { IdempotencyClaim } from '../idempotency/index.ts';

export interface VoucherOrderDeps {
  db: Database;
  clock: Clock;
  /** The checkout core (checkout/checkout-core.ts): status, hold deadline, gateway, the write, the takings, the payment step. */
  core: Pick<CheckoutCore, 'prepare' | 'commit' | 'start'>;
  /** What a paid voucher order issues (its gift cards, their mail): used at once when there is nothing to pay. */
  fulfilment: CheckoutFulfilment;
  security: Pick<Security, 'assess'>;
  catalogue: CheckoutCatalogueReader;
  clients: ClientReader;
  /** A written checkout's answer rebuilt from its rows, for a retry whose first answer was lost. */
  replayed: CheckoutReplay;
}

export interface VoucherSubmitContext {
  clientId: number | null;
  requestedLanguage: Language | null;
  address: string | null;
  /** The request's Idempotency-Key: bound to the checkout in its transaction. */
  idempotency?: IdempotencyClaim | null;
}

const QUANTITY_MESSAGES = {
  NOTHING_CHOSEN: 'Choose at least one voucher',
  BELOW_MINIMUM: 'Choose more vouchers',
  ABOVE_MAXIMUM: 'Too many vouchers in one order',
  SOLD_OUT: 'Not enough of this voucher value is left',
} as const;

export function createVoucherOrderService(deps: VoucherOrderDeps) {
  const { db, clock } = deps;

  /** Price and validate: the same for a simulation and an order. */
  async function priceAndValidate(executor: Executor, request: ParsedVoucherOrderRequest, context: VoucherSubmitContext) {
    const voucher = await findServedVoucher(executor, request.voucher.id);
    if (!voucher) throw new AppError('VOUCHER_NOT_FOUND', 404, 'No such voucher');
    const values = await listVoucherValues(executor, voucher.id);
    const quantities = new Map<number, number>();
    for (const [key, entry] of Object.entries(request.values)) {
      const valueId = entry.id ?? Number(key);
      if (!values.some((value) => value.id === valueId)) throw new AppError('QUANTITY_INVALID', 400, 'This value is not sold with this voucher');
      quantities.set(valueId, (quantities.get(valueId) ?? 0) + entry.quantity);
    }
    const problem = voucherQuantityProblem(quantities, values, voucher);
    if (problem)
      throw new AppError(problem === 'SOLD_OUT' ? 'VOUCHER_SOLD_OUT' : 'QUANTITY_INVALID', problem === 'SOLD_OUT' ? 409 : 400, QUANTITY_MESSAGES[problem]);

    // voucher.quantity, when sent, is the number of vouchers the values add up to (spec section 3).
    const count = [...quantities.values()].reduce((sum, each) => sum + each, 0);
    if (request.voucher.quantity !== undefined && request.voucher.quantity !== count)
      throw new AppError('QUANTITY_INVALID', 400, 'voucher.quantity is not the number of vouchers the values add up to', {
        fields: { 'voucher.quantity': 'not_the_sum_of_values' },
      });
    const read = await deps.catalogue.read(executor, [], [], null);
    const lines = values.flatMap((value) => {
      const quantity = quantities.get(value.id) ?? 0;
      return quantity > 0 ? [{ valueId: value.id, quantity, unitPriceCents: value.priceCents }] : [];
    });
    const totals = priceVoucher(lines, read.additions);
    const { shop } = read;
    const language = answerLanguage(normaliseLanguage(request.language ?? '') ?? context.requestedLanguage, shop);
    const fields = customerFieldsIn(read.customerFields, language, shop.defaultLanguage);
    const customer = await resolveCustomer(executor, deps.clients, request.customer, request.fields, fields, context.clientId);
    // A simulation is sent with placeholder customer values, as for product orders: only an order checks them.
    if (request.simulate !== true) assertValidCustomerFor(customer, fields, { products: [], subscriptions: [], vouchers: [voucher.id] }, shop.allowBusiness);
    const onInvoice = invoiceAsked(request.invoice, shop);
    const invoice = onInvoice && request.simulate !== true ? invoiceDetailsFor(customer, shop) : null;
    return { voucher, lines, totals, shop, language, customer, count, onInvoice, invoice };
  }

  /** The answer of a voucher checkout, simulated, written or replayed: the amounts are the order's as priced. */
  const answer = (
    quantity: number,
    totals: { subtotal: number; additions: number; total: number },
    order: { status: string; hash: string } | null,
    payment: VoucherOrderResponse['response']['payment'],
    invoice: boolean,
  ): VoucherOrderResponse => ({
    ok: true,
    response: {
      order: {
        status: order?.status ?? null,
        hash: order?.hash ?? null,
        quantity,
        invoice,
        prices: { subtotal: toAmount(totals.subtotal), additions: toAmount(totals.additions), total: toAmount(totals.total) },
      },
      payment,
    },
  });

  return {
    /** The answer of a voucher checkout written by an earlier attempt with the same idempotency key (its payment's hash). */
    async replay(paymentHash: string): Promise<VoucherOrderResponse> {
      const { order, payment } = soleOrderOf(await deps.replayed(paymentHash), 'voucher');
      // The order row keeps the voucher subtotal as its product amount (voucher-order.repo.ts).
      return answer(order.quantity, { subtotal: order.productCents, additions: order.additionsCents, total: order.totalCents }, order, payment, order.invoice);
    },

    async submit(request: ParsedVoucherOrderRequest, context: VoucherSubmitContext): Promise<VoucherOrderResponse> {
      if (request.rebook || request.rebook_secret) throw new AppError('BAD_REQUEST', 400, 'Rebooking is not supported for vouchers');
      if (request.simulate === true) {
        const priced = await priceAndValidate(db, request, context);
        return answer(priced.count, priced.totals, null, null, priced.onInvoice);
      }

      await deps.security.assess({ kind: 'voucher', address: context.address, email: request.customer.email, captcha: request.captcha });
      const now = clock.now();
      const written = await db.transaction(async (tx) => {
        const priced = await priceAndValidate(tx, request, context);
        const { shop, totals } = priced;
        const prepared = await deps.core.prepare(
          {
            kind: 'VOUCHER',
            action: 'pay',
            amountCents: totals.total,
            currency: shop.currency,
            shopHoldMinutes: shop.holdMinutes,
            clientId: context.clientId,
            customer: priced.customer,
            language: priced.language,
            orders: [
              {
                productId: null,
                plotId: null,
                voucherId: priced.voucher.id,
                quantity: priced.count,
                couponCodes: [],
                // The order row keeps the voucher subtotal as its product amount.
                productCents: totals.subtotal,
                upsellCents: 0,
                discountCents: 0,
                additionsCents: totals.additions,
                totalCents: totals.total,
                enrichment: request.enrichment ?? null,
                lines: priced.lines.map((line) => ({
                  kind: 'VOUCHER_VALUE',
                  voucherValueId: line.valueId,
                  quantity: line.quantity,
                  unitPriceCents: line.unitPriceCents,
                })),
                couponShares: [],
              },
            ],
            giftCardUse: [],
            invoice: priced.invoice,
          },
          now,
        );
        const kind: LineKind = {
          kind: 'VOUCHER',
          // The stock last, in value id order: a value sold out meanwhile undoes everything.
          async take(executor) {
            for (const line of [...priced.lines].sort((a, b) => a.valueId - b.valueId)) {
              if (!(await takeVoucherStock(executor, line.valueId, line.quantity))) throw new AppError('VOUCHER_SOLD_OUT', 409, QUANTITY_MESSAGES.SOLD_OUT);
            }
          },
          // Nothing to pay: the gift cards are issued and mailed now, as a paid settlement would.
          fulfil: deps.fulfilment.fulfil,
        };
        return { priced, committed: await deps.core.commit(tx, prepared, kind, { idempotency: context.idempotency ?? null, now }) };
      });
      const payment = await deps.core.start(written.committed);
      const [order] = written.committed.orders;
      return answer(
        written.priced.count,
        written.priced.totals,
        order ? { status: order.status, hash: order.hash } : null,
        payment,
        written.priced.invoice !== null,
      );
    },
  };
}

export type VoucherOrderService = ReturnType<typeof createVoucherOrderService>;
