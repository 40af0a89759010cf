/**
 * A booking being moved through the product flow (spec section 4): a validated rebooking
 * (/rebook/{secret}, the rebook feature, then /product/{id}/rebook) or a reservation change
 * (/reservation/{hash}, the reservation feature, then /product/{id}/change). It carries what the
 * flow preloads from the page that starts the move to the product-order feature, for this tab.
 * In lib because three features read it.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Customer } from '#domain/customer.ts';
import type { MoveTarget } from './cart-store.ts';

export type BookingMove = MoveTarget & {
  /** A reservation change: the reservation's hash; a rebooking: the move token validation answered. */
  hash: string;
  /** Its slot now (null for a product without days). */
  plot: number | null;
  productId: number;
  /** The day of its slot now, when known (a change stays on it until another is chosen). */
  date: string | null;
  /** What the booking holds: a number of tickets, or tickets per audience id. */
  quantity: number | Record<string, number>;
  /** Extras per upsell id. */
  upsells: Record<string, number>;
  /** The booking's customer: preloaded, not asked again. */
  customer: Customer;
};

interface BookingMoveState {
  move: BookingMove | null;
  moveStarted(move: BookingMove): void;
  moveEnded(): void;
}

export const useBookingMoveStore = create<BookingMoveState>()(
  persist(
    (set) => ({
      move: null,
      moveStarted: (move) => set({ move }),
      moveEnded: () => set({ move: null }),
    }),
    { name: 'shop.booking-move', storage: createJSONStorage(() => sessionStorage) },
  ),
);
