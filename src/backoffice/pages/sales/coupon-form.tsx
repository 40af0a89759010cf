/** The form of one coupon, validated with the API's own schema (couponEditorSchema); a change carries the version it was read at. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { couponEditorSchema, type CouponEditorView } from '#domain/backoffice/sales-editor.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { useSaveCoupon } from '../../api/coupons.ts';
import { productsQuery } from '../../api/products.ts';
import { subscriptionsQuery } from '../../api/subscriptions.ts';
import { fromLocalInput, optionalNumber, toLocalInput } from '../../ui/editor-form.ts';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { RecordForm, useRecordOutcome } from '../../ui/record-editor.tsx';
import { GroupField, ItemChecklist } from './sale-item-fields.tsx';

type Input = z.input<typeof couponEditorSchema>;
type Output = z.output<typeof couponEditorSchema>;

/** `onDone(saved)`: the saved coupon, or null when cancelled. */
export function CouponForm({ coupon, onDone }: { coupon: CouponEditorView | null; onDone: (saved: CouponEditorView | null) => void }) {
  const { t } = useTranslation('backoffice-sales');
  const products = useQuery(productsQuery());
  const passes = useQuery(subscriptionsQuery());
  const { notice, outcome } = useRecordOutcome(onDone);
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(couponEditorSchema),
    defaultValues: coupon
      ? {
          code: coupon.code,
          discount_type: coupon.discount_type,
          value: coupon.value,
          max_tickets: coupon.max_tickets,
          usage_limit: coupon.usage_limit,
          valid_from: coupon.valid_from,
          valid_until: coupon.valid_until,
          customer_group_id: coupon.customer_group_id,
          product_ids: coupon.product_ids,
          subscription_ids: coupon.subscription_ids,
        }
      : { code: '', discount_type: 'PERCENTAGE', product_ids: [], subscription_ids: [] },
  });
  const save = useSaveCoupon(coupon, outcome);
  const error = formProblems(t, formState.errors, refusalFields(save.error, 'coupon'));
  const dateField = (name: 'valid_from' | 'valid_until', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <StackedField label={label} error={error(name)}>
          {(props) => (
            <input
              {...props}
              type="datetime-local"
              value={toLocalInput(field.value ?? null)}
              onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
            />
          )}
        </StackedField>
      )}
    />
  );

  return (
    <RecordForm
      heading={coupon ? t('editNamed', { name: coupon.code }) : t('coupons.new')}
      wide
      notice={notice}
      saving={save.isPending}
      onSubmit={handleSubmit((body) => save.mutate(body))}
      onCancel={() => onDone(null)}
    >
      <StackedField label={t('coupons.code')} hint={t('coupons.codeHint')} error={error('code')}>
        {(props) => <input {...props} autoComplete="off" {...register('code')} />}
      </StackedField>
      <StackedField label={t('coupons.type')} error={error('discount_type')}>
        {(props) => (
          <select {...props} {...register('discount_type')}>
            <option value="PERCENTAGE">{t('coupons.types.PERCENTAGE')}</option>
            <option value="FIXED">{t('coupons.types.FIXED')}</option>
          </select>
        )}
      </StackedField>
      <StackedField label={t('coupons.value')} hint={t('coupons.valueHint')} error={error('value')}>
        {(props) => <input {...props} type="number" step="0.01" inputMode="decimal" {...register('value', { valueAsNumber: true })} />}
      </StackedField>
      <StackedField label={t('coupons.maxTickets')} hint={t('emptyUnlimited')} error={error('max_tickets')}>
        {(props) => <input {...props} type="number" min={1} step={1} {...register('max_tickets', { setValueAs: optionalNumber })} />}
      </StackedField>
      <StackedField label={t('coupons.usageLimit')} hint={t('emptyUnlimited')} error={error('usage_limit')}>
        {(props) => <input {...props} type="number" min={1} step={1} {...register('usage_limit', { setValueAs: optionalNumber })} />}
      </StackedField>
      {dateField('valid_from', t('coupons.validFrom'))}
      {dateField('valid_until', t('coupons.validUntil'))}
      <GroupField register={register} error={error} label={t('coupons.group')} hint={t('coupons.groupHint')} none={t('coupons.everyClient')} />
      <ItemChecklist control={control} name="product_ids" items={products.data} legend={t('coupons.products')} hint={t('coupons.productsHint')} />
      <ItemChecklist control={control} name="subscription_ids" items={passes.data} legend={t('coupons.subscriptions')} hint={t('coupons.subscriptionsHint')} />
    </RecordForm>
  );
}
