/**
 * The customer step: the shared order customer step over the flow's customer, with the pass holders
 * (PHYSICAL) and a password for a new anonymous customer below the form; their problems join the
 * error summary.
 */
import { useTranslation } from 'react-i18next';
import { OrderCustomerStep } from '../../../components/customer-form/order-customer-step.tsx';
import type { ErrorSummaryItem } from '../../../components/error-summary.tsx';
import type { Subscription } from '#domain/contracts/catalogue.ts';
import { useSubscriptionOrderStore } from '../store.ts';
import { useSubscriptionCustomer } from '../use-subscription-customer.ts';
import { holderNameId, holderOf, holderSlots, PassHolders } from './pass-holders.tsx';
import { CONFIRMATION_ID, PASSWORD_ID, PasswordFields, passwordError } from './password-fields.tsx';

export function CustomerStep({ subscription, onBack }: { subscription: Subscription; onBack(): void }) {
  const { t } = useTranslation(['subscription', 'validation']);
  const customer = useSubscriptionCustomer(subscription);
  const state = useSubscriptionOrderStore();
  const physical = subscription.type === 'PHYSICAL';

  const holderProblems: ErrorSummaryItem[] = physical
    ? holderSlots(subscription, state.quantities).flatMap(({ audience, index }, position) =>
        holderOf(state.holders, audience.id, index).name.trim() === ''
          ? [
              {
                fieldId: holderNameId(audience.id, index),
                text: `${t('passes.holder', { number: position + 1, audience: audience.name })}: ${t('validation:required')}`,
              },
            ]
          : [],
      )
    : [];
  const passwordMessage = passwordError(t, customer.passwordProblem);
  const passwordProblems: ErrorSummaryItem[] =
    passwordMessage !== null
      ? [{ fieldId: PASSWORD_ID, text: `${t('password.password')}: ${passwordMessage}` }]
      : customer.passwordProblem === 'MISMATCH'
        ? [{ fieldId: CONFIRMATION_ID, text: `${t('password.confirmation')}: ${t('password.mismatch')}` }]
        : [];

  return (
    <OrderCustomerStep
      customer={customer}
      onChange={state.customerChanged}
      onCompanyTickedChange={state.companyToggled}
      invoice={{ checked: state.invoice, onChange: state.invoiceToggled }}
      showAllErrors={state.showAllErrors}
      failedSubmits={state.failedSubmits}
      onBack={onBack}
      moreProblems={[...holderProblems, ...passwordProblems]}
    >
      {physical ? <PassHolders subscription={subscription} showAllErrors={state.showAllErrors} /> : null}
      {customer.client ? null : <PasswordFields problem={customer.passwordProblem} showAllErrors={state.showAllErrors} />}
    </OrderCustomerStep>
  );
}
