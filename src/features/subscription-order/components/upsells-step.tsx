/** Step 2 (only if the subscription has upsells): heading "add", one stepper per upsell, 0 to its max_quantity. */
import { useTranslation } from 'react-i18next';
import { Stepper } from '../../../components/stepper.tsx';
import { UpsellHint } from '../../../components/upsell-hint.tsx';
import type { Upsell } from '#domain/contracts/catalogue.ts';
import { clampUpsellQuantity } from '#domain/order/quantities.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSubscriptionOrderStore } from '../store.ts';
import { StepButtons } from './step-buttons.tsx';

export function UpsellsStep({ upsells, onNext, onBack }: { upsells: Upsell[]; onNext(): void; onBack(): void }) {
  const { t, i18n } = useTranslation('subscription');
  const { currency } = useOrganisation();
  const chosen = useSubscriptionOrderStore((state) => state.upsells);
  const upsellChanged = useSubscriptionOrderStore((state) => state.upsellChanged);
  return (
    <>
      {upsells.map((upsell) => {
        const value = chosen[upsell.id] ?? 0;
        return (
          <Stepper
            key={upsell.id}
            label={upsell.title}
            hint={<UpsellHint upsell={upsell} price={formatMoney(upsell.price, currency, i18n.language)} />}
            value={value}
            canDecrement={value > 0}
            canIncrement={clampUpsellQuantity(value + 1, upsell.max_quantity) > value}
            onIncrement={() => upsellChanged(upsell.id, clampUpsellQuantity(value + 1, upsell.max_quantity))}
            onDecrement={() => upsellChanged(upsell.id, Math.max(0, value - 1))}
            decrementLabel={t('quantity.decrease', { name: upsell.title })}
            incrementLabel={t('quantity.increase', { name: upsell.title })}
          />
        );
      })}
      <StepButtons onBack={onBack} onNext={onNext} />
    </>
  );
}
