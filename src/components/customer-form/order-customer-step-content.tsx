/** The customer step of every order flow, loaded when a flow reaches it: see order-customer-step.tsx. */
import type { ReactNode } from 'react';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import type { CustomerFormValues } from '#domain/order/customer-form.ts';
import type { ErrorSummaryItem } from '../error-summary.tsx';
import { useCartStore } from '../../lib/cart-store.ts';
import { CustomerForm } from './customer-form.tsx';
import { InvoiceChoice, type InvoiceChoiceProps } from './invoice-choice.tsx';
import type { OrderCustomer } from './use-order-customer.ts';

export interface OrderCustomerStepContentProps {
  customer: OrderCustomer;
  /** Where the flow keeps the customer's changes; by default the cart (src/lib/cart-store.ts). */
  onChange?: (values: CustomerFormValues) => void;
  onCompanyTickedChange?: (ticked: boolean) => void;
  /** Every problem shows, also of fields not visited yet (after a refused Pay). */
  showAllErrors: boolean;
  /** Pay presses refused by the incomplete form so far. */
  failedSubmits: number;
  /** Problems of the flow's own fields (`children`), for the error summary. */
  moreProblems?: ErrorSummaryItem[];
  /** Fields shown but not editable whatever the sign-in (the e-mail address of a rebooking). */
  fixedField?: (field: CustomerField) => boolean;
  /** Offer ordering on invoice (subscriptions and vouchers): the flow's choice and where it keeps it. */
  invoice?: InvoiceChoiceProps;
  children?: ReactNode;
}

export function OrderCustomerStepContent(props: OrderCustomerStepContentProps) {
  const { customer, showAllErrors, failedSubmits, moreProblems, children } = props;
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
        {...(props.fixedField ? { fixedField: props.fixedField } : {})}
      />
      {props.invoice && customer.allowBusiness ? <InvoiceChoice {...props.invoice} companyTicked={customer.companyTicked} /> : null}
      {children}
    </>
  );
}
