/**
 * The subscription flow's client state (not persisted): the step, passes per audience, upsells, the
 * pass holders, the customer's details and password, the coupon, and the submit's fate.
 * Prices are never kept here: they are the simulation query's.
 */
import { create } from 'zustand';
import type { AudienceQuantities } from '#domain/order/quantities.ts';
import type { CustomerFormValues } from '#domain/order/customer-form.ts';
import type { SubscriptionStep } from './subscription-steps.ts';

export interface PassHolder {
  name: string;
  birthday: string;
}

export interface SubscriptionOrderState {
  step: SubscriptionStep;
  quantities: AudienceQuantities;
  upsells: Record<number, number>;
  /** Per audience, one holder per pass (PHYSICAL). */
  holders: Record<number, PassHolder[]>;
  customer: CustomerFormValues | null;
  companyTicked: boolean;
  /** The business customer's choice to order on invoice (src/domain/invoice.ts). */
  invoice: boolean;
  password: string;
  confirmation: string;
  coupon: string | null;
  showAllErrors: boolean;
  /** Pay presses refused by the incomplete form (each one focuses the error summary). */
  failedSubmits: number;
  phase: 'ordering' | 'paying';
  failure: { error: unknown } | undefined;
  flowEntered(quantities: AudienceQuantities, holders: Record<number, PassHolder[]>): void;
  stepChanged(step: SubscriptionStep): void;
  quantityChanged(audienceId: number, quantity: number): void;
  upsellChanged(upsellId: number, quantity: number): void;
  holderChanged(audienceId: number, index: number, holder: PassHolder): void;
  customerChanged(values: CustomerFormValues): void;
  companyToggled(ticked: boolean): void;
  invoiceToggled(chosen: boolean): void;
  passwordChanged(password: string, confirmation: string): void;
  couponApplied(code: string | null): void;
  payBlockedByForm(): void;
  paymentStarted(): void;
  submitFailed(error: unknown): void;
  failureDismissed(): void;
}

export const useSubscriptionOrderStore = create<SubscriptionOrderState>()((set) => ({
  step: 'quantity',
  quantities: {},
  upsells: {},
  holders: {},
  customer: null,
  companyTicked: false,
  invoice: false,
  password: '',
  confirmation: '',
  coupon: null,
  showAllErrors: false,
  failedSubmits: 0,
  phase: 'ordering',
  failure: undefined,
  flowEntered: (quantities, holders) =>
    set({ step: 'quantity', quantities, holders, upsells: {}, coupon: null, showAllErrors: false, failedSubmits: 0, phase: 'ordering', failure: undefined }),
  stepChanged: (step) => set({ step }),
  quantityChanged: (audienceId, quantity) => set((state) => ({ quantities: { ...state.quantities, [audienceId]: quantity } })),
  upsellChanged: (upsellId, quantity) => set((state) => ({ upsells: { ...state.upsells, [upsellId]: quantity } })),
  holderChanged: (audienceId, index, holder) =>
    set((state) => {
      const list = [...(state.holders[audienceId] ?? [])];
      list[index] = holder;
      return { holders: { ...state.holders, [audienceId]: list } };
    }),
  customerChanged: (customer) => set({ customer }),
  companyToggled: (companyTicked) => set({ companyTicked }),
  invoiceToggled: (invoice) => set({ invoice }),
  passwordChanged: (password, confirmation) => set({ password, confirmation }),
  couponApplied: (coupon) => set({ coupon }),
  payBlockedByForm: () => set((state) => ({ showAllErrors: true, failedSubmits: state.failedSubmits + 1 })),
  paymentStarted: () => set({ phase: 'paying' }),
  submitFailed: (error) => set({ phase: 'ordering', failure: { error } }),
  failureDismissed: () => set({ failure: undefined }),
}));
