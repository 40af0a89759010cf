/** The form of one coupon, validated with the API's own schema (couponEditorSchema); a change carries the version it was read at. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { couponEditorSchema, type CouponEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { boApi } from '../../api.ts';
import { errorText } from '../../error-text.ts';
import { Field } from '../../ui/field.tsx';
import { IdChecklist } from '../../ui/id-checklist.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { fieldErrorText, fromLocalInput, optionalNumber, serverFields, toLocalInput } from './editor-errors.ts';
import { customerGroupsQuery, productChoicesQuery, salesKeys, subscriptionsQuery } from './sales-queries.ts';

type Input = z.input<typeof couponEditorSchema>;
type Output = z.output<typeof couponEditorSchema>;

/** `onDone(saved)`: the saved coupon, or null when cancelled. */
export function CouponForm({ coupon, onDone }: { coupon: CouponEditorView | null; onDone: (saved: CouponEditorView | null) => void }) {
  const { t, i18n } = useTranslation('backoffice-sales');
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const client = useQueryClient();
  const products = useQuery(productChoicesQuery());
  const groups = useQuery(customerGroupsQuery());
  const passes = useQuery(subscriptionsQuery());
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [server, setServer] = useState<Record<string, string>>({});
  const form = useForm<Input, unknown, Output>({
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
  const { register, handleSubmit, control, formState } = form;
  const error = (name: string) => fieldErrorText(t, formState.errors, server, name);

  const save = useMutation({
    mutationFn: (body: Output) =>
      coupon
        ? boApi.put<CouponEditorView>(`/sales/coupons/${coupon.id}`, { version: coupon.version, coupon: body })
        : boApi.post<CouponEditorView>('/sales/coupons', body),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: salesKeys.coupons() });
      onDone(saved);
    },
    onError: (failure) => {
      setServer(Object.fromEntries(Object.entries(serverFields(failure)).map(([name, rule]) => [name.replace(/^coupon\./, ''), rule])));
      setNotice({ kind: 'error', text: errorText(t, failure) });
    },
  });

  return (
    <section aria-labelledby="coupon-form-heading">
      <h2 id="coupon-form-heading">{coupon ? t('editNamed', { name: coupon.code }) : t('coupons.new')}</h2>
      <form className="bo-form bo-form--wide" noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
        <Field label={t('coupons.code')} hint={t('coupons.codeHint')} error={error('code')}>
          {(props) => <input {...props} autoComplete="off" {...register('code')} />}
        </Field>
        <Field label={t('coupons.type')} error={error('discount_type')}>
          {(props) => (
            <select {...props} {...register('discount_type')}>
              <option value="PERCENTAGE">{t('coupons.types.PERCENTAGE')}</option>
              <option value="FIXED">{t('coupons.types.FIXED')}</option>
            </select>
          )}
        </Field>
        <Field label={t('coupons.value')} hint={t('coupons.valueHint')} error={error('value')}>
          {(props) => <input {...props} type="number" step="0.01" inputMode="decimal" {...register('value', { valueAsNumber: true })} />}
        </Field>
        <Field label={t('coupons.maxTickets')} hint={t('emptyUnlimited')} error={error('max_tickets')}>
          {(props) => <input {...props} type="number" min={1} step={1} {...register('max_tickets', { setValueAs: optionalNumber })} />}
        </Field>
        <Field label={t('coupons.usageLimit')} hint={t('emptyUnlimited')} error={error('usage_limit')}>
          {(props) => <input {...props} type="number" min={1} step={1} {...register('usage_limit', { setValueAs: optionalNumber })} />}
        </Field>
        <Controller
          control={control}
          name="valid_from"
          render={({ field }) => (
            <Field label={t('coupons.validFrom')} error={error('valid_from')}>
              {(props) => (
                <input
                  {...props}
                  type="datetime-local"
                  value={toLocalInput(field.value ?? null)}
                  onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
                />
              )}
            </Field>
          )}
        />
        <Controller
          control={control}
          name="valid_until"
          render={({ field }) => (
            <Field label={t('coupons.validUntil')} error={error('valid_until')}>
              {(props) => (
                <input
                  {...props}
                  type="datetime-local"
                  value={toLocalInput(field.value ?? null)}
                  onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
                />
              )}
            </Field>
          )}
        />
        <Field label={t('coupons.group')} hint={t('coupons.groupHint')} error={error('customer_group_id')}>
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
        </Field>
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
        <div className="bo-row-actions">
          <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
            {t('save')}
          </button>
          <button type="button" className="bo-button" onClick={() => onDone(null)}>
            {t('cancel')}
          </button>
        </div>
      </form>
      <Notice notice={notice} />
    </section>
  );
}
