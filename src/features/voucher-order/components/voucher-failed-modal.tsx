/** The voucher flow's order failure in the shared order-failed modal (spec section 8). */
import { OrderFailedModal } from '../../../components/order-failed-modal.tsx';
import { useVoucherOrderStore } from '../store.ts';

export function VoucherFailedModal() {
  const failure = useVoucherOrderStore((state) => state.failure);
  const failureDismissed = useVoucherOrderStore((state) => state.failureDismissed);
  return <OrderFailedModal failure={failure} onDismiss={failureDismissed} />;
}
