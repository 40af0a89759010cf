/** Step 2: the shared order customer step over the cart's customer; paying happens in the summary beside it. */
import { OrderCustomerStep } from '../../../components/customer-form/order-customer-step.tsx';
import { useVoucherOrderStore } from '../store.ts';
import { useVoucherCustomer } from '../use-voucher-customer.ts';

export function CustomerStep({ voucherId, onBack }: { voucherId: number; onBack(): void }) {
  const { showAllCustomerErrors, failedSubmits } = useVoucherOrderStore();
  return <OrderCustomerStep customer={useVoucherCustomer(voucherId)} showAllErrors={showAllCustomerErrors} failedSubmits={failedSubmits} onBack={onBack} />;
}
