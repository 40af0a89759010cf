/**
 * Step 1: one stepper per audience, at most 10 passes each (spec sections 5 and 9); other types than
 * PHYSICAL are one pass. A renewal says so. The rules are src/domain/order/quantities.ts.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { Stepper } from '../../../components/stepper.tsx';
import type { Subscription } from '#domain/contracts/catalogue.ts';
import { audienceTotal, clampPassQuantity, isPassStepReady, SUBSCRIPTION_PASS_MAX } from '#domain/order/quantities.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatDay } from '#domain/date-text.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSubscriptionOrderStore } from '../store.ts';
import { effectiveQuantities } from '../subscription-request.ts';
import { useOwnRenewal } from '../use-own-renewal.ts';
import { StepButtons } from './step-buttons.tsx';

export function PassQuantityStep({ subscription, onNext, onBack }: { subscription: Subscription; onNext(): void; onBack(): void }) {
  const { t, i18n } = useTranslation('subscription');
  const { currency } = useOrganisation();
  const quantities = useSubscriptionOrderStore((state) => state.quantities);
  const quantityChanged = useSubscriptionOrderStore((state) => state.quantityChanged);
  const renewal = useOwnRenewal(subscription.id);
  const physical = subscription.type === 'PHYSICAL';
  const total = audienceTotal(quantities);

  return (
    <>
      {renewal ? <Alert tone="info">{t('quantity.renewal', { date: renewal.expiration ? formatDay(renewal.expiration, i18n.language) : '—' })}</Alert> : null}
      {physical ? (
        subscription.audiences.map((audience) => {
          const value = quantities[audience.id] ?? 0;
          const others = total - value;
          return (
            <Stepper
              key={audience.id}
              label={audience.name}
              hint={formatMoney(audience.price, currency, i18n.language)}
              value={value}
              canDecrement={value > 0}
              canIncrement={clampPassQuantity(value + 1, value, others) > value}
              onIncrement={() => quantityChanged(audience.id, clampPassQuantity(value + 1, value, others))}
              onDecrement={() => quantityChanged(audience.id, Math.max(0, value - 1))}
              onTyped={(typed) => quantityChanged(audience.id, clampPassQuantity(typed, value, others))}
              inputLabel={t('quantity.typed', { name: audience.name })}
              decrementLabel={t('quantity.decrease', { name: audience.name })}
              incrementLabel={t('quantity.increase', { name: audience.name })}
            />
          );
        })
      ) : (
        <p>{t('quantity.one')}</p>
      )}
      {physical && subscription.audiences.some((audience) => (quantities[audience.id] ?? 0) >= SUBSCRIPTION_PASS_MAX) ? (
        <Alert tone="info">{t('quantity.maximum', { count: SUBSCRIPTION_PASS_MAX })}</Alert>
      ) : null}
      <StepButtons onBack={onBack} onNext={onNext} nextDisabled={!isPassStepReady(effectiveQuantities(subscription, quantities))} />
    </>
  );
}
