/** Step 5: the customer's details for every item in the cart; paying happens in the summary beside it. */
import { CustomerForm } from '../../../components/customer-form/customer-form.tsx';
import type { CustomerField } from '../../../domain/contracts/organisation.ts';
import { useCartStore } from '../../../lib/cart-store.ts';
import { useCheckoutStore } from '../store.ts';
import { useCustomerDetails } from '../use-customer-details.ts';
import { StepNavigation } from './step-navigation.tsx';

/** During rebooking only the e-mail address stays locked (spec section 6): the booking's own. */
const rebookFixed = (field: CustomerField) => field.type === 'EMAIL' || field.type === 'EMAIL_CONFIRM';

export function CustomerStep({ onBack, rebooking = false }: { onBack(): void; rebooking?: boolean }) {
  const details = useCustomerDetails();
  const customerChanged = useCartStore((state) => state.customerChanged);
  const companyToggled = useCartStore((state) => state.companyToggled);
  const showAllErrors = useCheckoutStore((state) => state.showAllCustomerErrors);
  const failedSubmits = useCheckoutStore((state) => state.failedSubmits);
  return (
    <>
      <CustomerForm
        fields={details.fields}
        cart={details.cart}
        values={details.values}
        onChange={customerChanged}
        companyTicked={details.companyTicked}
        onCompanyTickedChange={companyToggled}
        allowBusiness={details.allowBusiness}
        locked={details.locked && !rebooking}
        showAllErrors={showAllErrors}
        failedSubmits={failedSubmits}
        {...(rebooking ? { fixedField: rebookFixed } : {})}
      />
      <StepNavigation onBack={onBack} />
    </>
  );
}
