/**
 * The customer step of every order flow (products, subscriptions, vouchers): the shared customer
 * form over the flow's customer, the flow's own fields below it (pass holders, a password), and
 * Back. Paying happens in the flow's summary beside it; each Pay the incomplete form refuses
 * (`failedSubmits`) shows every problem and moves the focus to the error summary above the form,
 * which lists the flow's own problems (`moreProblems`) after the customer's.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerFormValues } from '../../domain/order/customer-form.ts';
import type { ErrorSummaryItem } from '../error-summary.tsx';
import { useCartStore } from '../../lib/cart-store.ts';
import { CustomerForm } from './customer-form.tsx';
import type { OrderCustomer } from './use-order-customer.ts';

export interface OrderCustomerStepProps {
  customer: OrderCustomer;
  /** Where the flow keeps the customer's changes; by default the cart (src/lib/cart-store.ts). */
  onChange?: (values: CustomerFormValues) => void;
  onCompanyTickedChange?: (ticked: boolean) => void;
  /** Every problem shows, also of fields not visited yet (after a refused Pay). */
  showAllErrors: boolean;
  /** Pay presses refused by the incomplete form so far. */
  failedSubmits: number;
  onBack(): void;
  /** Problems of the flow's own fields (`children`), for the error summary. */
  moreProblems?: ErrorSummaryItem[];
  children?: ReactNode;
}

export function OrderCustomerStep(props: OrderCustomerStepProps) {
  const { customer, showAllErrors, failedSubmits, onBack, moreProblems, children } = props;
  const { t } = useTranslation('common');
  const cartCustomerChanged = useCartStore((state) => state.customerChanged);
  const cartCompanyToggled = useCartStore((state) => state.companyToggled);
  return (
    <>
      <CustomerForm
        fields={customer.fields}
        cart={customer.cart}
        values={customer.values}
        onChange={props.onChange ?? cartCustomerChanged}
        companyTicked={customer.companyTicked}
        onCompanyTickedChange={props.onCompanyTickedChange ?? cartCompanyToggled}
        allowBusiness={customer.allowBusiness}
        locked={customer.locked}
        showAllErrors={showAllErrors}
        failedSubmits={failedSubmits}
        moreProblems={moreProblems}
      />
      {children}
      <div className="actions order-step__navigation">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('buttons.back')}
        </button>
      </div>
    </>
  );
}
