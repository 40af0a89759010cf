/** A PHYSICAL subscription asks a profile per pass: the holder's name and, optionally, a birth date (for age checks). */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field.tsx';
import type { Subscription } from '#domain/contracts/catalogue.ts';
import type { AudienceQuantities } from '#domain/order/quantities.ts';
import { useSubscriptionOrderStore, type PassHolder } from '../store.ts';

/** One holder per pass asked, in audience order. */
export function holderSlots(subscription: Subscription, quantities: AudienceQuantities) {
  return subscription.audiences.flatMap((audience) => Array.from({ length: quantities[audience.id] ?? 0 }, (_, index) => ({ audience, index })));
}

/** The id of a holder's name field (the error summary links to it). */
export const holderNameId = (audienceId: number, index: number) => `pass-holder-${audienceId}-${index}`;

export const holderOf = (holders: Record<number, PassHolder[]>, audienceId: number, index: number): PassHolder =>
  holders[audienceId]?.[index] ?? { name: '', birthday: '' };

export function PassHolders({ subscription, showAllErrors }: { subscription: Subscription; showAllErrors: boolean }) {
  const { t } = useTranslation(['subscription', 'validation']);
  const quantities = useSubscriptionOrderStore((state) => state.quantities);
  const holders = useSubscriptionOrderStore((state) => state.holders);
  const holderChanged = useSubscriptionOrderStore((state) => state.holderChanged);
  const slots = holderSlots(subscription, quantities);
  return (
    <fieldset className="stack">
      <legend>{t('passes.title')}</legend>
      {slots.map(({ audience, index }, position) => {
        const number = position + 1;
        const holder = holderOf(holders, audience.id, index);
        return (
          <div key={`${audience.id}-${index}`} className="stack">
            <TextField
              id={holderNameId(audience.id, index)}
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
