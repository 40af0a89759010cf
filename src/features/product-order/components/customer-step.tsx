/** Step 5: the shared order customer step over the cart's customer; paying happens in the summary beside it. */
import { OrderCustomerStep } from '../../../components/customer-form/order-customer-step.tsx';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import type { MoveTarget } from '../../../lib/cart-store.ts';
import { useCheckoutStore } from '../store.ts';
import { useCustomerDetails } from '../use-customer-details.ts';

/**
 * A booking being moved keeps its customer, preloaded: during rebooking only the e-mail address
 * stays locked (spec section 6: the booking's own); a reservation change does not ask again at all
 * (the reservation page edits the details).
 */
const fixedWhenMoving: Record<MoveTarget['kind'], (field: CustomerField) => boolean> = {
  rebook: (field) => field.type === 'EMAIL' || field.type === 'EMAIL_CONFIRM',
  change: () => true,
};

export function CustomerStep({ onBack, moving = null }: { onBack(): void; moving?: MoveTarget['kind'] | null }) {
  const { showAllCustomerErrors, failedSubmits } = useCheckoutStore();
  const customer = useCustomerDetails();
  return (
    <OrderCustomerStep
      customer={moving ? { ...customer, locked: false } : customer}
      showAllErrors={showAllCustomerErrors}
      failedSubmits={failedSubmits}
      onBack={onBack}
      {...(moving ? { fixedField: fixedWhenMoving[moving] } : {})}
    />
  );
}
