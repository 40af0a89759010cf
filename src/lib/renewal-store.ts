/**
 * The subscription renewal in progress (spec section 4, Renewal): started by /renew/{hash} with a
 * renewable answer and kept until the renewal is ordered. Kept in this tab's sessionStorage, so a
 * reload of /subscription/{id}/renew still renews (and a sign-out or a new tab starts clean).
 * Shared by the renew page (which starts it), the home page (which hides products and marks the
 * current subscription) and the subscription flow (which orders it).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SubscriptionRenewal } from '#domain/contracts/subscription-order.ts';
import { useClient } from './api/client.ts';

export interface RenewalState {
  renewal: SubscriptionRenewal | null;
  renewalStarted(renewal: SubscriptionRenewal): void;
  renewalOrdered(): void;
}

export const RENEWAL_STORAGE_KEY = 'shop.renewal';

export const useRenewalStore = create<RenewalState>()(
  persist(
    (set) => ({
      renewal: null,
      renewalStarted: (renewal) => set({ renewal }),
      renewalOrdered: () => set({ renewal: null }),
    }),
    {
      name: RENEWAL_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ renewal }) => ({ renewal }),
      // A renewal saved in another shape is dropped: /renew/{hash} starts it again.
      migrate: () => ({ renewal: null }),
    },
  ),
);

/**
 * The renewal in progress while a client is signed in (renewal needs one, spec section 6); null
 * otherwise, so a renewal kept in the tab changes nothing for whoever signed out.
 */
export function useActiveRenewal(): SubscriptionRenewal | null {
  const client = useClient();
  const renewal = useRenewalStore((state) => state.renewal);
  return client ? renewal : null;
}
