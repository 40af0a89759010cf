/** Step 5: the customer's details for every item in the cart; paying happens in the summary beside it. */
import { CustomerForm } from '../../../components/customer-form/customer-form.tsx';
import { useCartStore } from '../../../lib/cart-store.ts';
import { useCheckoutStore } from '../store.ts';
import { useCustomerDetails } from '../use-customer-details.ts';
import { StepNavigation } from './step-navigation.tsx';

export function CustomerStep({ onBack }: { onBack(): void }) {
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
        locked={details.locked}
        showAllErrors={showAllErrors}
        failedSubmits={failedSubmits}
      />
      <StepNavigation onBack={onBack} />
    </>
  );
}
