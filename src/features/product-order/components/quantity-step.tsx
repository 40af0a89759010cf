/**
 * Step 1: one stepper for a regular product, one per visible audience otherwise (spec sections 2
 * and 5). Every clamp and readiness rule is src/domain/order/quantities.ts.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { Stepper } from '../../../components/stepper.tsx';
import type { Product } from '#domain/contracts/catalogue.ts';
import { audienceTotal, clampRegularQuantity, isAudienceStepReady, isRegularQuantityReady, setAudienceQuantity } from '#domain/order/quantities.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useCartStore, type ProductOrderDraft } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { isAudienceOrder } from '../order-lines.ts';
import { StepNavigation } from './step-navigation.tsx';

export interface QuantityStepProps {
  product: Product;
  order: ProductOrderDraft;
  onNext(): void;
  onBack(): void;
}

export function QuantityStep({ product, order, onNext, onBack }: QuantityStepProps) {
  const { t, i18n } = useTranslation('order');
  const { currency } = useOrganisation();
  const quantityChanged = useCartStore((state) => state.quantityChanged);
  const audiencesChanged = useCartStore((state) => state.audiencesChanged);
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const byAudience = isAudienceOrder(order);

  const limits = { min: product.min_quantity, max: product.max_quantity, available: product.availability };
  const upper = Math.min(product.max_quantity, product.availability);
  const total = byAudience ? audienceTotal(order.audiences) : order.quantity;
  const ready = byAudience ? isAudienceStepReady(order.audiences, product.audiences, product.min_quantity) : isRegularQuantityReady(order.quantity);
  // Down from the minimum the clamp would jump back up: the stepper then drops to 0.
  const lower = (next: number, now: number) => (next < now ? next : 0);

  return (
    <>
      {byAudience ? (
        product.audiences
          .filter((audience) => !audience.hidden)
          .map((audience) => {
            const value = order.audiences[audience.id] ?? 0;
            const set = (next: number) => audiencesChanged(setAudienceQuantity(order.audiences, audience.id, next, product.audiences, product.max_quantity));
            const increased = setAudienceQuantity(order.audiences, audience.id, value + 1, product.audiences, product.max_quantity)[audience.id] ?? 0;
            return (
              <Stepper
                key={audience.id}
                label={audience.name}
                hint={money(audience.price)}
                value={value}
                readOnly={audience.fixed_quantity}
                canDecrement={value > 0}
                canIncrement={increased > value}
                onIncrement={() => set(value + 1)}
                onDecrement={() => {
                  const next = setAudienceQuantity(order.audiences, audience.id, value - 1, product.audiences, product.max_quantity)[audience.id] ?? 0;
                  set(lower(next, value));
                }}
                decrementLabel={t('quantity.decrease', { name: audience.name })}
                incrementLabel={t('quantity.increase', { name: audience.name })}
              />
            );
          })
      ) : (
        <Stepper
          label={t('quantity.tickets')}
          hint={money(product.price)}
          value={order.quantity}
          canDecrement={order.quantity > 0}
          canIncrement={clampRegularQuantity(order.quantity + 1, limits) > order.quantity}
          onIncrement={() => quantityChanged(clampRegularQuantity(order.quantity + 1, limits))}
          onDecrement={() => quantityChanged(lower(clampRegularQuantity(order.quantity - 1, limits), order.quantity))}
          decrementLabel={t('quantity.decrease', { name: t('quantity.tickets') })}
          incrementLabel={t('quantity.increase', { name: t('quantity.tickets') })}
        />
      )}
      <div aria-live="polite">
        {upper <= 0 ? <Alert tone="warning">{t('quantity.soldOut')}</Alert> : null}
        {upper > 0 && total >= upper ? <Alert tone="warning">{t('quantity.maximum', { count: upper })}</Alert> : null}
        {product.min_quantity > 1 ? <Alert tone="info">{t('quantity.minimum', { count: product.min_quantity })}</Alert> : null}
        {byAudience && total >= Math.max(1, product.min_quantity) && !ready ? <Alert tone="info">{t('quantity.needsCompanion')}</Alert> : null}
      </div>
      <StepNavigation onBack={onBack} onNext={onNext} nextDisabled={!ready} />
    </>
  );
}
