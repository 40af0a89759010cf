/**
 * CUSTOM with the wallet gateway, PayPal (spec section 4): the payment is handed to the wallet
 * store and the host in the app shell opens the PayPal dialog, which loads the PayPal SDK only now
 * (currency fixed to EUR), renders its buttons for the order the server created and, on approval,
 * sends the shopper to /checkout/return/{hash}.
 */
import type { PaymentPath } from '../payment-path.ts';
import { useWalletStore, type WalletCheckout } from './wallet-store.ts';

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** What the transaction response must hold for this path to run, or null. */
export function walletCheckout(response: Record<string, unknown> | undefined): WalletCheckout | null {
  if (!response || !filled(response.client_id) || !filled(response.order_id) || response.currency !== 'EUR') return null;
  const returnUrl = response.return_url;
  // Only the shop's own return page is followed, never another site (`//host`) or a script address.
  if (typeof returnUrl !== 'string' || !/^\/checkout\/return\/[^/?#]+$/.test(returnUrl)) return null;
  return { clientId: response.client_id, orderId: response.order_id, currency: 'EUR', returnUrl };
}

export const walletPayment: PaymentPath = {
  run(payment, context) {
    const wallet = walletCheckout(payment.transaction ? payment.transaction.response : undefined);
    if (!wallet) return false;
    useWalletStore.getState().walletRequested(wallet, context);
    return true;
  },
};
