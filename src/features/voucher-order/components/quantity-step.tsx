/** Step 1: one stepper per value (spec section 5, Voucher quantity); Next once the minimum is reached. */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { BackNextButtons } from '../../../components/back-next-buttons.tsx';
import { Stepper } from '../../../components/stepper.tsx';
import type { Voucher } from '#domain/contracts/catalogue.ts';
import { toCents } from '#domain/money.ts';
import { voucherQuantityProblem, voucherValueMaximum } from '#domain/order/voucher-pricing.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useVoucherOrderStore } from '../store.ts';
import { quantitiesMap, totalQuantity } from '../voucher-request.ts';

export function QuantityStep({ voucher, onBack, onNext }: { voucher: Voucher; onBack(): void; onNext(): void }) {
  const { t, i18n } = useTranslation('voucher');
  const { currency } = useOrganisation();
  const quantities = useVoucherOrderStore((state) => state.quantities);
  const quantityChanged = useVoucherOrderStore((state) => state.quantityChanged);
  const limits = { minQuantity: voucher.min_quantity, maxQuantity: voucher.max_quantity };
  const stock = voucher.values.map((value) => ({ id: value.id, priceCents: toCents(value.price), availability: value.availability }));
  const chosen = quantitiesMap(quantities);
  const problem = voucherQuantityProblem(chosen, stock, limits);
  const total = totalQuantity(quantities);
  return (
    <>
      {voucher.values.map((value, index) => {
        const quantity = quantities[value.id] ?? 0;
        const maximum = voucherValueMaximum(stock[index] as (typeof stock)[number], chosen, limits);
        return (
          <Stepper
            key={value.id}
            label={value.name || formatMoney(value.price, currency, i18n.language)}
            hint={[formatMoney(value.price, currency, i18n.language), value.description].filter(Boolean).join(' · ')}
            value={quantity}
            onDecrement={() => quantityChanged(value.id, quantity - 1)}
            onIncrement={() => quantityChanged(value.id, Math.min(maximum, quantity + 1))}
            canDecrement={quantity > 0}
            canIncrement={quantity < maximum}
            decrementLabel={t('quantity.decrease', { name: value.name })}
            incrementLabel={t('quantity.increase', { name: value.name })}
          />
        );
      })}
      {total >= voucher.max_quantity ? <Alert tone="warning">{t('quantity.maximum', { count: voucher.max_quantity })}</Alert> : null}
      {voucher.min_quantity > 1 && total < voucher.min_quantity ? <Alert tone="info">{t('quantity.minimum', { count: voucher.min_quantity })}</Alert> : null}
      <BackNextButtons onBack={onBack} onNext={onNext} nextDisabled={problem !== null} backLabel={t('navigation.back')} nextLabel={t('navigation.next')} />
    </>
  );
}
