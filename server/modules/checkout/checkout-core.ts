/**
 * THE checkout core: the one place that writes an order, for every good. Products
 * (checkout.service.ts), subscriptions (subscriptions/subscription-order.service.ts) and vouchers
 * (vouchers/voucher-order.service.ts) each price and validate their own lines, then hand the core a
 * draft — priced orders with their lines, the customer, the language, pay or reserve, the amount to
 * pay — and a line kind, and the core does the rest of the order's life in one way:
 *   decide   the status (PENDING to pay, RESERVED, PAID when there is nothing to pay online: a
 *            total of 0, or an order on invoice, src/domain/invoice.ts), the hold
 *            deadline (`holdDeadline`, the one formula) or a reservation's, the gateway (resolved
 *            before anything is written: one that is unavailable refuses the order untouched), and
 *            for an offline gateway the payment itself, so it is written with the checkout (`prepare`);
 *   write    in the caller's transaction: the idempotency key bound to the payment, then payment,
 *            orders, lines and holds through checkout.repo.ts `insertCheckout` (the only code that
 *            inserts into payments, orders and order_lines), then the takings (takings.ts: coupon
 *            uses, gift-card credit, subscription redemptions) and the kind's own `take` (a product
 *            cart's rebooking, a voucher's stock); with nothing to pay, or a reservation, the kind's
 *            `fulfil` (confirmation and tickets, passes) in the same transaction (`commit`);
 *   start    the payment after the commit (payment-start.ts `start`); settlement.ts settles it later.
 * A line kind `{ kind, write?, take?, fulfil? }` is what a good plugs in: `write` replaces the plain
 * insert when the good takes places in the same statement (the product cart's capacity guard).
 * The product cart's one-statement fast path (checkout.service.ts `writeAtOnce`) uses `prepare` and
 * writes its rows itself in one statement with no transaction: nothing there may add a query.
 *
 * Once placed, an order changes only through the one order change (order-change.ts): a reservation's
 * edit, change or cancel, a rebooking finished, the desk's refunds, cancels and moves, a refund
 * request answered, and the settlement's transitions are its steps, each written to the order's
 * history in the change's transaction.
 */
import { newHash } from '../../random-hash.ts';
import type { Customer } from '#domain/customer.ts';
import type { InvoiceDetails } from '#domain/invoice.ts';
import type { Language } from '#domain/languages.ts';
import type { OrderPayment } from '#domain/contracts/orders.ts';
import type { Clock } from '../../clock.ts';
import type { PaymentGatewayId } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderKind, OrderRecord, OrderStatus } from '../../db/schema/index.ts';
import type { CreatedPayment, PaymentGateway } from '../../payments/payment-gateway.ts';
import { bindKey, type IdempotencyClaim } from '../idempotency/index.ts';
import { insertCheckout, ordersByIds, type NewCheckout, type NewCheckoutOrder, type WrittenCheckout } from './checkout.repo.ts';
import { createPaymentStarter, type NoOnlinePayment, type PaymentToStart } from './payment-start.ts';
import type { CheckoutFulfilment } from './fulfilments.ts';
import type { Settlement } from './settlement.ts';
import type { CheckoutTaking, Redemption, TakingInput } from './takings.ts';

/** When an unpaid checkout's holds lapse: `minutes` (HOLD_MINUTES, else the organisation's) after `now`. */
export function holdDeadline(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/** What a good plugs into the core. */
export interface LineKind {
  kind: OrderKind;
  /** Writes the rows (and, for products, takes their places in the same statement where it can); default: `insertCheckout`. */
  write?(tx: Executor, rows: NewCheckout): Promise<WrittenCheckout>;
  /** What this kind takes besides the takings, after its rows are written; throws a 409 AppError when it is gone. */
  take?(tx: Executor, written: WrittenCheckout, status: OrderStatus): Promise<void>;
  /** A checkout with nothing to pay, or a reservation: confirmed or issued now, in the checkout's transaction. */
  fulfil?(tx: Executor, orders: OrderRecord[], now: Date): Promise<void>;
}

/** One priced order of a draft, with what its takings take. */
export interface DraftOrder extends Omit<NewCheckoutOrder, 'hash' | 'holdPlaces'> {
  couponShares: TakingInput['orders'][number]['couponShares'];
  redemption?: Redemption | null;
}

/** A priced and validated checkout, handed to the core. */
export interface CheckoutDraft {
  kind: OrderKind;
  action: 'pay' | 'reserve';
  /** What the payment asks (a rebooking: the difference). */
  amountCents: number;
  currency: string;
  /** The organisation's hold minutes (HOLD_MINUTES overrides them). */
  shopHoldMinutes: number;
  /** A reservation's deadline (reservation-expiry.ts); asked only when reserving. */
  reservedUntil?: () => Date;
  clientId: number | null;
  customer: Customer;
  language: Language;
  orders: DraftOrder[];
  giftCardUse: TakingInput['giftCardUse'];
  /**
   * On invoice (paying only): confirmed now with nothing paid online, `amountCents` owed by
   * invoice, these details kept on every order. The good checks them (src/domain/invoice.ts).
   */
  invoice?: InvoiceDetails | null;
}

/** A draft decided: its rows, not yet written. */
export interface PreparedCheckout {
  rows: NewCheckout;
  status: OrderStatus;
  /** Places are sold at once (a reservation, nothing to pay) rather than held. */
  sell: boolean;
  /** Nothing to pay online: `none` (a total of 0) or `invoice`; null when a payment is started. */
  nothingToPay: NoOnlinePayment | null;
  expiresAt: Date | null;
  gateway: PaymentGateway | null;
  created: CreatedPayment | null;
  draft: CheckoutDraft;
}

/** A written checkout, as its answer and its payment step need it. */
export interface CommittedCheckout extends PaymentToStart {
  status: OrderStatus;
  orders: { id: number; hash: string; status: OrderStatus }[];
}

export interface CheckoutCoreDeps {
  db: Database;
  clock: Clock;
  /** HOLD_MINUTES; null: the organisation's setting. */
  holdMinutes: number | null;
  publicUrl: string;
  gatewayId: PaymentGatewayId;
  /** The configured adapter; throws PAYMENT_FAILED 503 when it cannot be built. */
  gateway: () => PaymentGateway;
  takings: readonly CheckoutTaking[];
  settlement: Pick<Settlement, 'settle'>;
  /** What an order confirmed PAID at once (nothing to pay online, or on invoice) issues besides its kind's fulfilment: its receipt or invoice. */
  paidFulfilments?: readonly CheckoutFulfilment[];
}

function reservedUntil(draft: CheckoutDraft): Date {
  if (!draft.reservedUntil) throw new Error(`a ${draft.kind} checkout cannot be reserved`);
  return draft.reservedUntil();
}

export function createCheckoutCore(deps: CheckoutCoreDeps) {
  const { takings } = deps;
  const startPayment = createPaymentStarter({ db: deps.db, clock: deps.clock, publicUrl: deps.publicUrl, settlement: deps.settlement });

  /** Status, deadline, gateway and (offline gateway) the payment itself: everything decided before writing. No query. */
  async function prepare(draft: CheckoutDraft, now: Date): Promise<PreparedCheckout> {
    const { currency } = draft;
    const invoice = draft.action === 'pay' ? (draft.invoice ?? null) : null;
    // On invoice nothing is paid online: the payment row asks 0, the orders keep their totals.
    const amountCents = invoice ? 0 : draft.amountCents;
    const nothingToPay: NoOnlinePayment | null = draft.action !== 'pay' || amountCents > 0 ? null : invoice ? 'invoice' : 'none';
    const gateway = draft.action === 'pay' && !nothingToPay ? deps.gateway() : null;
    const sell = draft.action === 'reserve' || nothingToPay !== null;
    const status: OrderStatus = draft.action === 'reserve' ? 'RESERVED' : nothingToPay ? 'PAID' : 'PENDING';
    // An unpaid checkout is given up when its holds lapse; one without places (nothing held) then too.
    // An unpaid reservation, whose places are sold, lapses at its own deadline and gives them back.
    const expiresAt = status === 'PENDING' ? holdDeadline(now, deps.holdMinutes ?? draft.shopHoldMinutes) : status === 'RESERVED' ? reservedUntil(draft) : null;
    const paymentHash = newHash();
    const orders = draft.orders.map(({ couponShares: _shares, redemption: _redemption, ...order }) => ({
      ...order,
      hash: newHash(),
      holdPlaces: sell || order.plotId === null ? 0 : order.quantity,
    }));
    // A gateway that asks no provider creates the payment now, so it is written with the checkout.
    const created =
      gateway?.offline === true
        ? await gateway.createPayment({
            paymentHash,
            amountCents,
            currency,
            orderHashes: orders.map((order) => order.hash),
            publicUrl: deps.publicUrl,
            language: draft.language,
            expiresAt,
            email: draft.customer.email,
          })
        : null;
    const rows: NewCheckout = {
      payment: {
        hash: paymentHash,
        gateway: nothingToPay ?? gateway?.id ?? deps.gatewayId,
        status: nothingToPay ? 'paid' : 'pending',
        amountCents,
        currency,
        expiresAt,
        created,
      },
      kind: draft.kind,
      status,
      clientId: draft.clientId,
      customer: draft.customer,
      language: draft.language,
      invoice,
      orders,
    };
    return { rows, status, sell, nothingToPay, expiresAt, gateway, created, draft };
  }

  /** The written checkout as its answer and payment step need it. */
  function committed(prepared: PreparedCheckout, written: WrittenCheckout): CommittedCheckout {
    const { rows } = prepared;
    return {
      paymentHash: rows.payment.hash,
      paymentId: written.paymentId,
      amountCents: rows.payment.amountCents,
      currency: rows.payment.currency,
      expiresAt: prepared.expiresAt,
      orderHashes: written.orders.map((order) => order.hash),
      language: rows.language,
      email: rows.customer.email,
      nothingToPay: prepared.nothingToPay,
      gateway: prepared.gateway,
      created: prepared.created,
      status: prepared.status,
      orders: written.orders.map((order) => ({ ...order, status: prepared.status })),
    };
  }

  /** What the takings take for this checkout. */
  function takingOf(prepared: PreparedCheckout, written: WrittenCheckout): TakingInput {
    return {
      paymentId: written.paymentId,
      orders: written.orders.map((order, index) => ({
        orderId: order.id,
        couponShares: prepared.draft.orders[index]?.couponShares ?? [],
        redemption: prepared.draft.orders[index]?.redemption ?? null,
      })),
      giftCardUse: prepared.draft.giftCardUse,
    };
  }

  /** Whether any taking wants this draft (a checkout nothing wants may be written without a transaction). */
  function takesMore(draft: CheckoutDraft): boolean {
    return takings.some((each) => each.wants({ orders: draft.orders, giftCardUse: draft.giftCardUse }));
  }

  /**
   * Writes a prepared checkout in the caller's transaction: the key bound first (a lost key writes
   * nothing), the rows, the takings, the kind's take, and with nothing to pay or for a reservation
   * the kind's fulfilment. All or nothing: any refusal rolls the transaction back.
   */
  async function commit(
    tx: Executor,
    prepared: PreparedCheckout,
    kind: LineKind,
    context: { idempotency?: IdempotencyClaim | null; now: Date },
  ): Promise<CommittedCheckout> {
    if (context.idempotency) await bindKey(tx, context.idempotency, prepared.rows.payment.hash);
    const written = kind.write ? await kind.write(tx, prepared.rows) : await insertCheckout(tx, prepared.rows);
    if (!written) throw new Error('checkout not written');
    const taking = takingOf(prepared, written);
    for (const each of takings) await each.take(tx, taking);
    await kind.take?.(tx, written, prepared.status);
    if (prepared.status !== 'PENDING' && (kind.fulfil || (prepared.status === 'PAID' && deps.paidFulfilments?.length))) {
      const placed = await ordersByIds(
        tx,
        written.orders.map((order) => order.id),
      );
      // Its receipt or invoice first, so the confirmation the kind's fulfilment mails can carry it.
      if (prepared.status === 'PAID') for (const each of deps.paidFulfilments ?? []) await each.fulfil(tx, placed, context.now);
      await kind.fulfil?.(tx, placed, context.now);
    }
    return committed(prepared, written);
  }

  return {
    prepare,
    commit,
    committed,
    takesMore,
    /** The payment step, after the commit: the same for every good. */
    start: (written: PaymentToStart): Promise<OrderPayment | null> => startPayment(written),
  };
}

export type CheckoutCore = ReturnType<typeof createCheckoutCore>;
