/** Step 5: the shared order customer step over the cart's customer; paying happens in the summary beside it. */
import { OrderCustomerStep } from '../../../components/customer-form/order-customer-step.tsx';
import { useCheckoutStore } from '../store.ts';
import { useCustomerDetails } from '../use-customer-details.ts';

export function CustomerStep({ onBack }: { onBack(): void }) {
  const { showAllCustomerErrors, failedSubmits } = useCheckoutStore();
  return <OrderCustomerStep customer={useCustomerDetails()} showAllErrors={showAllCustomerErrors} failedSubmits={failedSubmits} onBack={onBack} />;
}
