/** What every payment path (one module each: redirect, form, none, card, wallet) implements. */
import type { OrderPayment } from '#domain/contracts/orders.ts';

export interface PaymentContext {
  /** In-app navigation (react-router), for paths that stay in the shop. */
  navigate(path: string): void;
  /** For paths that finish asynchronously (a provider script that fails to load): show the order-failed modal. */
  fail(error?: unknown): void;
}

export interface PaymentPath {
  /** Runs the payment; answers false when the payment lacks what the path needs (treated as unexpected). */
  run(payment: OrderPayment, context: PaymentContext): boolean;
}
