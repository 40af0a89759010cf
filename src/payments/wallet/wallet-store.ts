/**
 * The wallet payment waiting for the shopper (spec section 4, CUSTOM with the wallet gateway): the
 * dispatcher's path puts it here, the host in the app shell shows the PayPal dialog while it is set.
 * Client state only: what the order API answered for this one payment and how to leave the checkout.
 */
import { create } from 'zustand';
import type { PaymentContext } from '../payment-path.ts';

/** What the PayPal buttons need, read from the payment's transaction response. */
export interface WalletCheckout {
  clientId: string;
  /** The PayPal order the server created; the buttons pay exactly this one. */
  orderId: string;
  /** Spec section 9: fixed to EUR. */
  currency: 'EUR';
  /** Where the shopper goes once PayPal approved (or when they close the dialog): the order's return page. */
  returnUrl: string;
}

export interface WalletState {
  checkout: { wallet: WalletCheckout; context: PaymentContext } | null;
  walletRequested(wallet: WalletCheckout, context: PaymentContext): void;
  walletDismissed(): void;
}

export const useWalletStore = create<WalletState>()((set) => ({
  checkout: null,
  walletRequested: (wallet, context) => set({ checkout: { wallet, context } }),
  walletDismissed: () => set({ checkout: null }),
}));
