/** The customer step: the shared customer form, the pass holders (PHYSICAL), and a password for a new anonymous customer. */
import { CustomerForm } from '../../../components/customer-form/customer-form.tsx';
import type { Subscription } from '../../../domain/contracts/catalogue.ts';
import { useSubscriptionOrderStore } from '../store.ts';
import { useSubscriptionCustomer } from '../use-subscription-customer.ts';
import { PassHolders } from './pass-holders.tsx';
import { PasswordFields } from './password-fields.tsx';
import { StepButtons } from './step-buttons.tsx';

export function CustomerStep({ subscription, onBack }: { subscription: Subscription; onBack(): void }) {
  const details = useSubscriptionCustomer(subscription);
  const customerChanged = useSubscriptionOrderStore((state) => state.customerChanged);
  const companyToggled = useSubscriptionOrderStore((state) => state.companyToggled);
  const showAllErrors = useSubscriptionOrderStore((state) => state.showAllErrors);
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
        locked={details.client !== null}
        showAllErrors={showAllErrors}
      />
      {subscription.type === 'PHYSICAL' ? <PassHolders subscription={subscription} showAllErrors={showAllErrors} /> : null}
      {details.client ? null : <PasswordFields problem={details.passwordProblem} showAllErrors={showAllErrors} />}
      <StepButtons onBack={onBack} />
    </>
  );
}
