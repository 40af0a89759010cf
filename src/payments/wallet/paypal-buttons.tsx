/**
 * PayPal's own buttons (@paypal/react-paypal-js, in this chunk only): the SDK script is loaded with
 * the shop's client id and currency EUR, and the buttons pay the order the server created
 * (createOrder answers its id; the server captures it on the return visit or by webhook).
 */
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useEffect, useEffectEvent } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import type { WalletCheckout } from './wallet-store.ts';

export interface PayPalButtonsPanelProps {
  wallet: WalletCheckout;
  loadingLabel: string;
  /** The shopper pressed a PayPal button. */
  onStart(): void;
  onApprove(): void;
  onCancel(): void;
  onError(error: unknown): void;
}

export function PayPalButtonsPanel(props: PayPalButtonsPanelProps) {
  const { wallet } = props;
  return (
    <PayPalScriptProvider options={{ clientId: wallet.clientId, currency: wallet.currency, intent: 'capture' }}>
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}

function Buttons({ wallet, loadingLabel, onStart, onApprove, onCancel, onError }: PayPalButtonsPanelProps) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // The latest onError, without re-running the effect when the parent passes a new function.
  const reportError = useEffectEvent((error: Error) => onError(error));

  useEffect(() => {
    if (isRejected) reportError(new Error('The PayPal SDK could not be loaded'));
  }, [isRejected]);

  return (
    <>
      {isPending ? <Spinner label={loadingLabel} /> : null}
      <PayPalButtons
        createOrder={async () => {
          onStart();
          return wallet.orderId;
        }}
        onApprove={async () => onApprove()}
        onCancel={() => onCancel()}
        onError={(error) => onError(error)}
      />
    </>
  );
}
