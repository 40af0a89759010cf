/**
 * The voucher flow's own state, not persisted (spec section 4, Voucher order submit): the step,
 * the quantity per value, whether the customer tried to pay with an incomplete form, and the
 * failure the order-failed modal shows. The customer's details are the cart's (src/lib/cart-store.ts).
 */
import { create } from 'zustand';
import type { VoucherQuantities } from './voucher-request.ts';

export type VoucherStep = 'quantity' | 'customer' | 'checkout';

export interface VoucherOrderState {
  voucherId: number | null;
  step: VoucherStep;
  quantities: VoucherQuantities;
  showAllCustomerErrors: boolean;
  /** Pay presses refused by the incomplete form (each one focuses the error summary). */
  failedSubmits: number;
  /** undefined: no modal; null error: 'Unexpected error'. */
  failure: { error: unknown } | undefined;
  entered(voucherId: number): void;
  quantityChanged(valueId: number, quantity: number): void;
  stepChanged(step: VoucherStep): void;
  payBlockedByForm(): void;
  submitFailed(error: unknown): void;
  failureDismissed(): void;
}

export const useVoucherOrderStore = create<VoucherOrderState>()((set) => ({
  voucherId: null,
  step: 'quantity',
  quantities: {},
  showAllCustomerErrors: false,
  failedSubmits: 0,
  failure: undefined,
  entered: (voucherId) =>
    set((state) =>
      state.voucherId === voucherId
        ? { step: state.step === 'checkout' ? 'customer' : state.step, failure: undefined }
        : { voucherId, step: 'quantity', quantities: {}, showAllCustomerErrors: false, failedSubmits: 0, failure: undefined },
    ),
  quantityChanged: (valueId, quantity) => set((state) => ({ quantities: { ...state.quantities, [valueId]: Math.max(0, quantity) } })),
  stepChanged: (step) => set({ step }),
  payBlockedByForm: () => set((state) => ({ showAllCustomerErrors: true, failedSubmits: state.failedSubmits + 1 })),
  submitFailed: (error) => set({ step: 'customer', failure: { error } }),
  failureDismissed: () => set({ failure: undefined }),
}));
