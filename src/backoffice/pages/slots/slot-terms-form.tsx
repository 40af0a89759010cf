/**
 * One slot's terms, edited from the slot calendar: end time (timed slots), capacity, order limit and
 * price — every field PATCH /products/{id}/slots/{slotId} takes (slotTermsSchema, validated here with the
 * same schema). The server's refusals show at their fields: CAPACITY_BELOW_TAKEN with the places sold or
 * held, an end before the start, an order limit below the orders already booked.
 */
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { slotTermsSchema, type CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSaveSlotTerms } from '../../api/schedules.ts';
import { errorText } from '../../../lib/error-message.ts';
import { ruleAt, ruleResolver, showServerFields } from '../../ui/editor-form.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { slotWhen } from './slot-words.ts';

type Terms = z.input<typeof slotTermsSchema>;
type SavedTerms = z.output<typeof slotTermsSchema>;

const optionalNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) };
/** The form shows the price as an amount (18.50) in `priceCents`; the resolver validates the cents, as the server does. */
const toCents = (terms: Terms): Terms => ({
  ...terms,
  priceCents: terms.priceCents === null || Number.isNaN(terms.priceCents) ? null : Math.round(terms.priceCents * 100),
});
const centsResolver = ruleResolver(slotTermsSchema);
const resolver: typeof centsResolver = (values, context, options) => centsResolver(toCents(values), context, options);

export function SlotTermsForm({
  productId,
  slot,
  onSaved,
  onCancel,
  onRefused,
}: {
  productId: number;
  slot: CalendarSlot;
  onSaved: () => void;
  onCancel: () => void;
  /** The refusal in words, for the page's alert region. */
  onRefused: (text: string) => void;
}) {
  const { t } = useTranslation(['backoffice-schedules', 'backoffice-catalogue', 'backoffice']);
  const headingId = useId();
  const format = useShopFormatting();
  const when = { when: slotWhen(t, format, slot) };
  const { register, handleSubmit, setError, formState } = useForm<Terms, unknown, SavedTerms>({
    resolver,
    defaultValues: {
      endTime: slot.endTime === null ? null : slot.endTime.slice(0, 5),
      capacity: slot.capacity,
      maxOrders: slot.maxOrders,
      priceCents: slot.priceCents === null ? null : slot.priceCents / 100,
    },
  });
  const ruleTextOf = (error: unknown) =>
    isApiError(error) && error.code === 'CAPACITY_BELOW_TAKEN' && error.errorInfo !== null
      ? t('capacityBelowTaken', { count: Number(error.errorInfo) })
      : errorText(t, error);
  const save = useSaveSlotTerms<SavedTerms>(productId, slot.id, {
    onSuccess: onSaved,
    onError: (error) => {
      showServerFields(error, setError);
      onRefused(ruleTextOf(error));
    },
  });
  const taken = isApiError(save.error) && save.error.code === 'CAPACITY_BELOW_TAKEN' ? Number(save.error.errorInfo ?? 0) : null;
  const ruleText = (path: keyof Terms) => {
    const rule = ruleAt(formState.errors as FieldErrors, path);
    if (!rule) return undefined;
    if (rule === 'below_taken') return t('capacityBelowTaken', { count: taken ?? slot.sold + slot.held });
    if (rule === 'below_orders') return t('slotEdit.belowOrders', { count: slot.orderCount });
    if (path === 'priceCents' && rule === 'invalid_type') return t('backoffice-catalogue:rules.whole_cents');
    return t(`backoffice-catalogue:rules.${rule}`, { defaultValue: t('backoffice-catalogue:rules.invalid') });
  };

  return (
    <form
      className="bo-form bo-fieldset"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) =>
        void handleSubmit(
          (terms) => save.mutate(slot.startTime === null ? { ...terms, endTime: null } : terms),
          () => onRefused(''),
        )(event)
      }
    >
      <h2 id={headingId}>{t('slotEdit.heading', when)}</h2>
      <p>{t('slotEdit.taken', { sold: slot.sold, held: slot.held, orders: slot.orderCount })}</p>
      {slot.startTime !== null ? (
        <StackedField label={t('slotEdit.endTime')} hint={t('slotEdit.startsAt', { time: slot.startTime.slice(0, 5) })} error={ruleText('endTime')}>
          {(props) => <input {...props} type="time" {...register('endTime', { setValueAs: (value: unknown) => (value === '' ? null : value) })} />}
        </StackedField>
      ) : null}
      <StackedField label={t('capacity')} hint={t('editor.emptyUnlimited')} error={ruleText('capacity')}>
        {(props) => <input {...props} type="number" min={0} step={1} {...register('capacity', optionalNumber)} />}
      </StackedField>
      <StackedField label={t('editor.maxOrders')} hint={t('editor.emptyUnlimited')} error={ruleText('maxOrders')}>
        {(props) => <input {...props} type="number" min={1} step={1} {...register('maxOrders', optionalNumber)} />}
      </StackedField>
      <StackedField label={t('editor.price')} hint={t('slotEdit.priceHint')} error={ruleText('priceCents')}>
        {(props) => <input {...props} type="number" min={0} step={0.01} inputMode="decimal" {...register('priceCents', optionalNumber)} />}
      </StackedField>
      <div className="bo-actions">
        <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
          {t('slotEdit.save')}
        </button>
        <button type="button" className="bo-button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
