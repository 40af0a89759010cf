/**
 * The subscription renewal in progress (spec section 4, Renewal): started by /renew/{hash} with a
 * renewable answer and kept until the renewal is ordered. Shared by the renew page (which starts
 * it), the home page (which hides products and marks the current subscription) and the
 * subscription flow (which orders it).
 */
import { create } from 'zustand';
import type { SubscriptionRenewal } from '../domain/contracts/subscription-order.ts';

export interface RenewalState {
  renewal: SubscriptionRenewal | null;
  renewalStarted(renewal: SubscriptionRenewal): void;
  renewalOrdered(): void;
}

export const useRenewalStore = create<RenewalState>()((set) => ({
  renewal: null,
  renewalStarted: (renewal) => set({ renewal }),
  renewalOrdered: () => set({ renewal: null }),
}));
