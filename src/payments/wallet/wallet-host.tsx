/**
 * Mounted once in the app shell: renders nothing until a wallet payment waits, then the PayPal
 * dialog, whose code (and the PayPal SDK behind it) is fetched only then.
 */
import { lazy, Suspense } from 'react';
import { useWalletStore } from './wallet-store.ts';

const PayPalDialog = lazy(() => import('./paypal-dialog.tsx').then((module) => ({ default: module.PayPalDialog })));

export function WalletHost() {
  const checkout = useWalletStore((state) => state.checkout);
  if (!checkout) return null;
  return (
    <Suspense fallback={null}>
      <PayPalDialog key={checkout.wallet.orderId} wallet={checkout.wallet} context={checkout.context} />
    </Suspense>
  );
}
