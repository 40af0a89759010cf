/**
 * The subscription order flow (spec section 2): quantity, upsells (only if any), customer, then
 * paying from the summary. A renewal of this subscription starts from its passes. Back from the
 * first step goes home.
 */
import { useInvoiceRequested } from '../../../lib/invoice-choice.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import type { Subscription } from '#domain/contracts/catalogue.ts';
import { isPassStepReady } from '#domain/order/quantities.ts';
import { useSubscriptionSimulation } from '../api/simulate-subscription.ts';
import { useSubscriptionOrderStore, type PassHolder } from '../store.ts';
import { effectiveQuantities, subscriptionChoice } from '../subscription-request.ts';
import { nextStep, previousStep } from '../subscription-steps.ts';
import { useOwnRenewal } from '../use-own-renewal.ts';
import { CustomerStep } from './customer-step.tsx';
import { PassQuantityStep } from './pass-quantity-step.tsx';
import { SubscriptionSummary } from './subscription-summary.tsx';
import { UpsellsStep } from './upsells-step.tsx';

export function SubscriptionOrderFlow({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation('subscription');
  const navigate = useNavigate();
  const state = useSubscriptionOrderStore();
  const ownRenewal = useOwnRenewal(subscription.id);
  const hasUpsells = subscription.upsells.length > 0;

  // A renewal starts from the passes it has, with their holders.
  useEffect(() => {
    const quantities: Record<number, number> = {};
    const holders: Record<number, PassHolder[]> = {};
    for (const pass of ownRenewal?.passes ?? []) {
      quantities[pass.audience.id] = (quantities[pass.audience.id] ?? 0) + 1;
      (holders[pass.audience.id] ??= []).push({ name: pass.profile.name.full, birthday: pass.profile.birthday ?? '' });
    }
    useSubscriptionOrderStore.getState().flowEntered(quantities, holders);
  }, [subscription.id, ownRenewal]);

  const onInvoice = useInvoiceRequested(state.invoice, state.companyTicked);
  const choice = {
    ...subscriptionChoice(subscription, state.quantities, state.upsells, state.coupon, ownRenewal, i18n.language),
    ...(onInvoice ? { invoice: true } : {}),
  };
  const priceable = isPassStepReady(effectiveQuantities(subscription, state.quantities));
  const simulation = useSubscriptionSimulation(choice, priceable);
  const go = (step: ReturnType<typeof nextStep>) => (step ? state.stepChanged(step) : navigate('/'));

  return (
    <div className="subscription-order">
      <section className="order-step stack" aria-labelledby="subscription-step-title">
        <h2 id="subscription-step-title">{t(`steps.${state.step}`)}</h2>
        {state.step === 'quantity' ? (
          <PassQuantityStep subscription={subscription} onNext={() => go(nextStep('quantity', hasUpsells))} onBack={() => navigate('/')} />
        ) : null}
        {state.step === 'upsells' ? (
          <UpsellsStep
            upsells={subscription.upsells}
            onNext={() => go(nextStep('upsells', hasUpsells))}
            onBack={() => go(previousStep('upsells', hasUpsells))}
          />
        ) : null}
        {state.step === 'customer' ? <CustomerStep subscription={subscription} onBack={() => go(previousStep('customer', hasUpsells))} /> : null}
        {simulation.isError ? (
          <Alert tone="danger">
            <ApiErrorText error={simulation.error} />
          </Alert>
        ) : null}
      </section>
      <SubscriptionSummary subscription={subscription} choice={choice} priced={priceable ? simulation.data : undefined} canPay={state.step === 'customer'} />
    </div>
  );
}
