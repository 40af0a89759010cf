/** Step 2: the shared order customer step over the cart's customer, with the invoice choice; paying happens in the summary beside it. */
import { OrderCustomerStep } from '../../../components/customer-form/order-customer-step.tsx';
import { useCartStore } from '../../../lib/cart-store.ts';
import { useVoucherOrderStore } from '../store.ts';
import { useVoucherCustomer } from '../use-voucher-customer.ts';

export function CustomerStep({ voucherId, onBack }: { voucherId: number; onBack(): void }) {
  const { showAllCustomerErrors, failedSubmits } = useVoucherOrderStore();
  const invoice = useCartStore((state) => state.invoice);
  const invoiceToggled = useCartStore((state) => state.invoiceToggled);
  return (
    <OrderCustomerStep
      customer={useVoucherCustomer(voucherId)}
      invoice={{ checked: invoice, onChange: invoiceToggled }}
      showAllErrors={showAllCustomerErrors}
      failedSubmits={failedSubmits}
      onBack={onBack}
    />
  );
}
