/** Step 5: the shared order customer step over the cart's customer; paying happens in the summary beside it. */
import { OrderCustomerStep } from '../../../components/customer-form/order-customer-step.tsx';
import type { CustomerField } from '../../../domain/contracts/organisation.ts';
import { useCheckoutStore } from '../store.ts';
import { useCustomerDetails } from '../use-customer-details.ts';

/** During rebooking only the e-mail address stays locked (spec section 6): the booking's own. */
const rebookFixed = (field: CustomerField) => field.type === 'EMAIL' || field.type === 'EMAIL_CONFIRM';

export function CustomerStep({ onBack, rebooking = false }: { onBack(): void; rebooking?: boolean }) {
  const { showAllCustomerErrors, failedSubmits } = useCheckoutStore();
  const customer = useCustomerDetails();
  return (
    <OrderCustomerStep
      customer={rebooking ? { ...customer, locked: false } : customer}
      showAllErrors={showAllCustomerErrors}
      failedSubmits={failedSubmits}
      onBack={onBack}
      {...(rebooking ? { fixedField: rebookFixed } : {})}
    />
  );
}
