/** Step 3 (products with upsells): a stepper per upsell, 0 to its max; donations take an amount. */
import { useTranslation } from 'react-i18next';
import { Stepper } from '../../../components/stepper.tsx';
import { UpsellHint } from '../../../components/upsell-hint.tsx';
import type { Upsell } from '#domain/contracts/catalogue.ts';
import { clampUpsellQuantity } from '#domain/order/quantities.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useCartStore, type ProductOrderDraft } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { DonationStepper } from './donation-stepper.tsx';
import { StepNavigation } from './step-navigation.tsx';

export interface UpsellsStepProps {
  upsells: Upsell[];
  order: ProductOrderDraft;
  onNext(): void;
  onBack(): void;
}

export function UpsellsStep({ upsells, order, onNext, onBack }: UpsellsStepProps) {
  const { t, i18n } = useTranslation('order');
  const { currency } = useOrganisation();
  const upsellChanged = useCartStore((state) => state.upsellChanged);
  return (
    <>
      {upsells.map((upsell) => {
        const choice = order.upsells[String(upsell.id)];
        if (upsell.upsell_type === 'DONATION') {
          return <DonationStepper key={upsell.id} upsell={upsell} cents={choice?.donationCents ?? 0} onChange={(next) => upsellChanged(upsell.id, next)} />;
        }
        const value = choice?.quantity ?? 0;
        const set = (next: number) => upsellChanged(upsell.id, { quantity: clampUpsellQuantity(next, upsell.max_quantity) });
        return (
          <Stepper
            key={upsell.id}
            label={upsell.title}
            hint={<UpsellHint upsell={upsell} price={formatMoney(upsell.price, currency, i18n.language)} />}
            value={value}
            canDecrement={value > 0}
            canIncrement={clampUpsellQuantity(value + 1, upsell.max_quantity) > value}
            onDecrement={() => set(value - 1)}
            onIncrement={() => set(value + 1)}
            decrementLabel={t('quantity.decrease', { name: upsell.title })}
            incrementLabel={t('quantity.increase', { name: upsell.title })}
          />
        );
      })}
      <StepNavigation onBack={onBack} onNext={onNext} />
    </>
  );
}
