/** The form of one coupon, validated with the API's own schema (couponEditorSchema); a change carries the version it was read at. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { couponEditorSchema, type CouponEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { useSaveCoupon } from '../../api/coupons.ts';
import { customerGroupsQuery } from '../../api/customer-groups.ts';
import { productsQuery } from '../../api/products.ts';
import { subscriptionsQuery } from '../../api/subscriptions.ts';
import { fromLocalInput, optionalNumber, toLocalInput } from '../../ui/editor-form.ts';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { IdChecklist } from '../../ui/id-checklist.tsx';
import type { NoticeValue } from '../../ui/notice.tsx';
import { RecordForm, refusalNotice } from '../../ui/record-editor.tsx';

type Input = z.input<typeof couponEditorSchema>;
type Output = z.output<typeof couponEditorSchema>;

/** `onDone(saved)`: the saved coupon, or null when cancelled. */
export function CouponForm({ coupon, onDone }: { coupon: CouponEditorView | null; onDone: (saved: CouponEditorView | null) => void }) {
  const { t, i18n } = useTranslation('backoffice-sales');
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const products = useQuery(productsQuery());
  const groups = useQuery(customerGroupsQuery());
  const passes = useQuery(subscriptionsQuery());
  const [notice, setNotice] = useState<NoticeValue>(null);
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
  const save = useSaveCoupon(coupon, { onSuccess: (saved) => onDone(saved), onError: (failure) => setNotice(refusalNotice(t, failure)) });
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
      <StackedField label={t('coupons.group')} hint={t('coupons.groupHint')} error={error('customer_group_id')}>
        {(props) => (
          <select {...props} {...register('customer_group_id', { setValueAs: optionalNumber })}>
            <option value="">{t('coupons.everyClient')}</option>
            {(groups.data ?? []).map((group) => (
              <option key={group.id} value={group.id}>
                {translate(group.texts, language, 'en').name ?? String(group.id)}
              </option>
            ))}
          </select>
        )}
      </StackedField>
      <Controller
        control={control}
        name="product_ids"
        render={({ field }) => (
          <IdChecklist
            legend={t('coupons.products')}
            hint={t('coupons.productsHint')}
            options={(products.data ?? []).map((product) => ({ id: product.id, label: translate(product.texts, language, 'en').title ?? product.slug }))}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="subscription_ids"
        render={({ field }) => (
          <IdChecklist
            legend={t('coupons.subscriptions')}
            hint={t('coupons.subscriptionsHint')}
            options={(passes.data ?? []).map((pass) => ({ id: pass.id, label: translate(pass.texts, language, 'en').title ?? pass.slug }))}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
    </RecordForm>
  );
}
