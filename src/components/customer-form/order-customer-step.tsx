/**
 * The customer step of every order flow (products, subscriptions, vouchers): the shared customer
 * form over the flow's customer, the flow's own fields below it (pass holders, a password), and
 * Back. Paying happens in the flow's summary beside it; each Pay the incomplete form refuses
 * (`failedSubmits`) shows every problem and moves the focus to the error summary above the form,
 * which lists the flow's own problems (`moreProblems`) after the customer's.
 *
 * The form's code (fields, select, company box, error summary) loads when a flow reaches this
 * step, not with the flow's first page; whether the customer is complete (use-order-customer.ts)
 * is known before, for the summary's Pay.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../spinner.tsx';
import type { OrderCustomerStepContentProps } from './order-customer-step-content.tsx';

export interface OrderCustomerStepProps extends OrderCustomerStepContentProps {
  onBack(): void;
}

const Content = lazy(() => import('./order-customer-step-content.tsx').then((module) => ({ default: module.OrderCustomerStepContent })));

export function OrderCustomerStep({ onBack, ...props }: OrderCustomerStepProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <Suspense fallback={<Spinner label={t('loading')} />}>
        <Content {...props} />
      </Suspense>
      <div className="actions order-step__navigation">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('buttons.back')}
        </button>
      </div>
    </>
  );
}
