/**
 * The PayPal dialog: the shop's modal around PayPal's buttons. Approving in PayPal's window goes
 * to the order's return page; cancelling there keeps the dialog (with a note) so the shopper can
 * try again; a PayPal error (or an SDK that does not load) shows the order-failed modal. Closing
 * the dialog leaves the checkout for the order's return page, which tells how the order stands.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal.tsx';
import { Spinner } from '../../components/spinner.tsx';
import type { PaymentContext } from '../payment-path.ts';
import { useWalletStore, type WalletCheckout } from './wallet-store.ts';

const PayPalButtonsPanel = lazy(() => import('./paypal-buttons.tsx').then((module) => ({ default: module.PayPalButtonsPanel })));

export function PayPalDialog({ wallet, context }: { wallet: WalletCheckout; context: PaymentContext }) {
  const { t } = useTranslation('payment');
  const walletDismissed = useWalletStore((state) => state.walletDismissed);
  const [cancelled, setCancelled] = useState(false);

  const leaveFor = (returnPage: string) => {
    walletDismissed();
    context.navigate(returnPage);
  };
  const failed = (error: unknown) => {
    walletDismissed();
    context.fail(error);
  };

  return (
    <Modal open onClose={() => leaveFor(wallet.returnUrl)} title={t('wallet.title')} closeLabel={t('wallet.close')}>
      <p>{t('wallet.instructions')}</p>
      {cancelled ? (
        <p className="text-muted" role="status">
          {t('wallet.cancelled')}
        </p>
      ) : null}
      <Suspense fallback={<Spinner label={t('wallet.loading')} />}>
        <PayPalButtonsPanel
          wallet={wallet}
          loadingLabel={t('wallet.loading')}
          onStart={() => setCancelled(false)}
          onApprove={() => leaveFor(wallet.returnUrl)}
          onCancel={() => setCancelled(true)}
          onError={failed}
        />
      </Suspense>
    </Modal>
  );
}
