/**
 * The flow's own client state, not persisted: whether a submitted order is on its way to payment,
 * whether the customer tried to pay with an incomplete form (show every field error), and the
 * failure the order-failed modal shows. The cart itself lives in src/lib/cart-store.ts.
 */
import { create } from 'zustand';

export interface CheckoutState {
  phase: 'ordering' | 'paying';
  showAllCustomerErrors: boolean;
  /** Pay/reserve presses refused by the incomplete form (each one focuses the error summary). */
  failedSubmits: number;
  /** The error of the failed submit (null: 'Unexpected error'); undefined: no modal. */
  failure: { error: unknown } | undefined;
  flowEntered(): void;
  payBlockedByForm(): void;
  paymentStarted(): void;
  submitFailed(error: unknown): void;
  failureDismissed(): void;
}

export const useCheckoutStore = create<CheckoutState>()((set) => ({
  phase: 'ordering',
  showAllCustomerErrors: false,
  failedSubmits: 0,
  failure: undefined,
  flowEntered: () => set({ phase: 'ordering', showAllCustomerErrors: false, failedSubmits: 0, failure: undefined }),
  payBlockedByForm: () => set((state) => ({ showAllCustomerErrors: true, failedSubmits: state.failedSubmits + 1 })),
  paymentStarted: () => set({ phase: 'paying' }),
  submitFailed: (error) => set({ phase: 'ordering', failure: { error } }),
  failureDismissed: () => set({ failure: undefined }),
}));
