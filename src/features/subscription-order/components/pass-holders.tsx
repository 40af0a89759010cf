/** A PHYSICAL subscription asks a profile per pass: the holder's name and, optionally, a birth date (for age checks). */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field.tsx';
import type { Subscription } from '../../../domain/contracts/catalogue.ts';
import { useSubscriptionOrderStore } from '../store.ts';

export function PassHolders({ subscription, showAllErrors }: { subscription: Subscription; showAllErrors: boolean }) {
  const { t } = useTranslation(['subscription', 'validation']);
  const quantities = useSubscriptionOrderStore((state) => state.quantities);
  const holders = useSubscriptionOrderStore((state) => state.holders);
  const holderChanged = useSubscriptionOrderStore((state) => state.holderChanged);
  const slots = subscription.audiences.flatMap((audience) => Array.from({ length: quantities[audience.id] ?? 0 }, (_, index) => ({ audience, index })));
  return (
    <fieldset className="stack">
      <legend>{t('passes.title')}</legend>
      {slots.map(({ audience, index }, position) => {
        const number = position + 1;
        const holder = holders[audience.id]?.[index] ?? { name: '', birthday: '' };
        return (
          <div key={`${audience.id}-${index}`} className="stack">
            <TextField
              label={t('passes.holder', { number, audience: audience.name })}
              required
              value={holder.name}
              error={showAllErrors && holder.name.trim() === '' ? t('validation:required') : null}
              onChange={(event) => holderChanged(audience.id, index, { ...holder, name: event.target.value })}
            />
            <TextField
              label={t('passes.birthday')}
              type="date"
              value={holder.birthday}
              onChange={(event) => holderChanged(audience.id, index, { ...holder, birthday: event.target.value })}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
