/**
 * The product cart (spec section 4, Cart): the order being built, the earlier cart items, the
 * applied coupon codes and the customer's details, persisted in localStorage so a reload keeps
 * them, step included. It holds only what the visitor chose: ids, quantities, the chosen day;
 * titles, prices and availability come from React Query. It lives in lib because home reads
 * `useCartHasItems()` (subscriptions and vouchers hide while the cart holds items).
 *
 * Actions are named after what happened. Step moves take the product's step list, computed by
 * the flow from the product (src/domain/order/order-steps.ts decides which moves are allowed).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Cents } from '#domain/money.ts';
import type { CustomerFormValues } from '#domain/order/customer-form.ts';
import { addAppliedCode, removeAppliedCode, type AppliedCode } from '#domain/order/discount-mode.ts';
import { canEnter, nextStep, previousStep, type ProductOrderStep } from '#domain/order/order-steps.ts';
import type { AudienceQuantities } from '#domain/order/quantities.ts';

export interface UpsellChoice {
  quantity: number;
  /** Donation upsells: the amount the visitor typed, in cents. */
  donationCents?: Cents;
}

/** One product order: the current one or an earlier cart item. */
export interface ProductOrderDraft {
  productId: number;
  /** The address slug, to return to the product page when the item is edited. */
  slug: string;
  step: ProductOrderStep;
  /** Regular products: the one quantity. */
  quantity: number;
  /** Audience products: quantity per audience id; empty for regular products. */
  audiences: AudienceQuantities;
  /** The chosen calendar day (YYYY-MM-DD) and time slot; null until chosen. */
  date: string | null;
  plotId: number | null;
  /** A slot picked before the quantity (the calendar's "Add tickets"): chosen at the plot step when it fits. */
  wantedPlotId?: number | null;
  upsells: Record<string, UpsellChoice>;
  /** The signed-in client's ONLINE subscription token paying for the tickets (spec section 4, Subscription auto-apply). */
  subscription?: string | null;
  /** The visitor removed the applied subscription: it is not applied again to this order. */
  subscriptionDeclined?: boolean;
  /** A booking moved through the flow (a rebooking or a reservation change), not a new order. */
  move?: MovedBooking | null;
}

/**
 * The booking an order moves (spec section 4): a rebooking (/product/{id}/rebook), submitted as a
 * new order carrying `rebook` and the shop's rebooking secret, or a reservation change
 * (/product/{id}/change), sent to the reservation's change. `hash` names the booking, `plot` is its
 * slot now and `places` the places it holds there.
 */
export type MovedBooking = MoveTarget & { hash: string; plot: number | null; places: number };
export type MoveTarget = { kind: 'rebook'; secret: string } | { kind: 'change' };

export interface CartState {
  current: ProductOrderDraft | null;
  /** Earlier orders, oldest first. */
  items: ProductOrderDraft[];
  codes: AppliedCode[];
  customer: CustomerFormValues | null;
  companyTicked: boolean;
  /** The business customer's choice to order on invoice (src/domain/invoice.ts; the voucher flow offers it). */
  invoice: boolean;
}

export interface CartActions {
  orderStarted(order: Pick<ProductOrderDraft, 'productId' | 'slug' | 'quantity' | 'audiences'>): void;
  /** A booking being moved becomes the current order, its choices preloaded. */
  moveStarted(order: ProductOrderDraft): void;
  /** The move was sent (to its payment, or changed): it is no longer the current order; the cart's items stay. */
  moveSent(): void;
  quantityChanged(quantity: number): void;
  audiencesChanged(audiences: AudienceQuantities): void;
  dayChosen(date: string | null): void;
  plotChosen(plotId: number, date: string): void;
  /** The calendar's "Add tickets": this day, and this slot once the quantity is known. */
  plotWanted(plotId: number, date: string): void;
  upsellChanged(upsellId: number, choice: UpsellChoice): void;
  stepAdvanced(steps: readonly ProductOrderStep[]): void;
  /** Back from the first step abandons the order and resumes the last cart item (or leaves: returns 'exit'). */
  stepWentBack(steps: readonly ProductOrderStep[]): 'stayed' | 'resumed' | 'exit';
  /** 'Add more' and cross-sells: the current order joins the cart. */
  orderAddedToCart(): void;
  /** The current order is dropped; the last cart item comes back at its customer step. */
  orderCancelled(): void;
  /** A cart item becomes the current order; the current order takes its place in the cart. */
  itemEdited(index: number): void;
  /** The current order is edited again from its first step, its choices kept. */
  currentEdited(): void;
  itemDeleted(index: number): void;
  /** A client subscription pays for the current order's tickets (null: none any more). */
  subscriptionApplied(token: string | null): void;
  /** The visitor removed it: not applied again to this order. */
  subscriptionRemoved(): void;
  codeApplied(code: AppliedCode): void;
  codeRemoved(code: string): void;
  customerChanged(values: CustomerFormValues): void;
  companyToggled(ticked: boolean): void;
  invoiceToggled(chosen: boolean): void;
  /** After a successful submit: everything is gone. */
  orderSubmitted(): void;
}

export type CartStore = CartState & CartActions;

export const EMPTY_CART: CartState = { current: null, items: [], codes: [], customer: null, companyTicked: false, invoice: false };

/** Bump when the persisted shape changes; older carts are dropped rather than misread. */
export const CART_STORAGE_VERSION = 2;
export const CART_STORAGE_KEY = 'shop.cart';

function updateCurrent(state: CartState, change: (order: ProductOrderDraft) => Partial<ProductOrderDraft>): Partial<CartState> {
  return state.current ? { current: { ...state.current, ...change(state.current) } } : {};
}

/**
 * The step the order is on for this step list: a persisted step the product no longer has (its
 * upsells were removed) starts the order over at quantity.
 */
export function effectiveStep(steps: readonly ProductOrderStep[], step: ProductOrderStep): ProductOrderStep {
  return canEnter(steps, step) ? step : 'quantity';
}

function resumeLast(items: ProductOrderDraft[]): Pick<CartState, 'current' | 'items'> {
  const last = items[items.length - 1];
  return last ? { current: { ...last, step: 'customer' }, items: items.slice(0, -1) } : { current: null, items };
}

export const useCartStore = create<CartStore>()(
  persist(
    (set, get) => ({
      ...EMPTY_CART,
      orderStarted: (order) => set({ current: { ...order, step: 'quantity', date: null, plotId: null, upsells: {} } }),
      moveStarted: (order) => set({ current: order }),
      moveSent: () => set({ current: null }),
      // A new quantity may not fit the chosen slot: the slot is chosen again.
      quantityChanged: (quantity) => set((state) => updateCurrent(state, (order) => (order.quantity === quantity ? {} : { quantity, plotId: null }))),
      audiencesChanged: (audiences) => set((state) => updateCurrent(state, () => ({ audiences, plotId: null }))),
      dayChosen: (date) => set((state) => updateCurrent(state, () => ({ date, plotId: null, wantedPlotId: null }))),
      plotChosen: (plotId, date) => set((state) => updateCurrent(state, () => ({ plotId, date, wantedPlotId: null }))),
      plotWanted: (plotId, date) => set((state) => updateCurrent(state, () => ({ date, plotId: null, wantedPlotId: plotId }))),
      upsellChanged: (upsellId, choice) => set((state) => updateCurrent(state, (order) => ({ upsells: { ...order.upsells, [String(upsellId)]: choice } }))),
      stepAdvanced: (steps) => set((state) => updateCurrent(state, (order) => ({ step: nextStep(steps, effectiveStep(steps, order.step)) ?? order.step }))),
      stepWentBack: (steps) => {
        const { current, items } = get();
        if (!current) return 'exit';
        const previous = previousStep(steps, effectiveStep(steps, current.step));
        if (previous !== 'exit') {
          set({ current: { ...current, step: previous } });
          return 'stayed';
        }
        set(resumeLast(items));
        return items.length > 0 ? 'resumed' : 'exit';
      },
      orderAddedToCart: () => set((state) => (state.current ? { current: null, items: [...state.items, { ...state.current, step: 'customer' }] } : {})),
      orderCancelled: () => set((state) => resumeLast(state.items)),
      itemEdited: (index) =>
        set((state) => {
          const item = state.items[index];
          if (!item) return {};
          const items = state.current
            ? state.items.map((other, position) => (position === index ? { ...state.current!, step: 'customer' as const } : other))
            : state.items.filter((_, position) => position !== index);
          return { current: { ...item, step: 'quantity' }, items };
        }),
      currentEdited: () => set((state) => updateCurrent(state, () => ({ step: 'quantity' }))),
      itemDeleted: (index) => set((state) => ({ items: state.items.filter((_, position) => position !== index) })),
      codeApplied: (code) => set((state) => ({ codes: addAppliedCode(state.codes, code) })),
      subscriptionApplied: (token) => set((state) => updateCurrent(state, () => ({ subscription: token }))),
      subscriptionRemoved: () => set((state) => updateCurrent(state, () => ({ subscription: null, subscriptionDeclined: true }))),
      codeRemoved: (code) => set((state) => ({ codes: removeAppliedCode(state.codes, code) })),
      customerChanged: (customer) => set({ customer }),
      companyToggled: (companyTicked) => set({ companyTicked }),
      invoiceToggled: (invoice) => set({ invoice }),
      orderSubmitted: () => set(EMPTY_CART),
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ current, items, codes, customer, companyTicked, invoice }): CartState => ({ current, items, codes, customer, companyTicked, invoice }),
      // A cart saved by another version is dropped: a half-understood order is worse than none.
      migrate: () => EMPTY_CART,
    },
  ),
);

/** Home hides subscriptions and vouchers while the cart holds items (the order being built is not in it yet). */
export function useCartHasItems(): boolean {
  return useCartStore((state) => state.items.length > 0);
}
