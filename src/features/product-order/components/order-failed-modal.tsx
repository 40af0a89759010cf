/** The product flow's order failure in the shared order-failed modal (spec section 8). */
import { OrderFailedModal as SharedOrderFailedModal } from '../../../components/order-failed-modal.tsx';
import { useCheckoutStore } from '../store.ts';

export function OrderFailedModal() {
  const failure = useCheckoutStore((state) => state.failure);
  const failureDismissed = useCheckoutStore((state) => state.failureDismissed);
  return <SharedOrderFailedModal failure={failure} onDismiss={failureDismissed} />;
}
