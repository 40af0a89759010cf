/** The form of one subscription (pass): audiences with prices, redemptions, validity, type, covered products, texts per language. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CATALOGUE_STATES } from '#domain/catalogue-state.ts';
import { subscriptionEditorSchema, type SubscriptionEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { boApi } from '../../api.ts';
import { errorText } from '../../error-text.ts';
import { Field } from '../../ui/field.tsx';
import { IdChecklist } from '../../ui/id-checklist.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';
import { fieldErrorText, optionalNumber, serverFields } from './editor-errors.ts';
import { audienceChoicesQuery, categoryChoicesQuery, customerGroupsQuery, languagesQuery, productChoicesQuery, salesKeys } from './sales-queries.ts';

type Input = z.input<typeof subscriptionEditorSchema>;
type Output = z.output<typeof subscriptionEditorSchema>;

export function SubscriptionForm({
  subscription,
  onDone,
}: {
  subscription: SubscriptionEditorView | null;
  onDone: (saved: SubscriptionEditorView | null) => void;
}) {
  const { t, i18n } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const client = useQueryClient();
  const languages = useQuery(languagesQuery());
  const products = useQuery(productChoicesQuery());
  const audiences = useQuery(audienceChoicesQuery());
  const categories = useQuery(categoryChoicesQuery());
  const groups = useQuery(customerGroupsQuery());
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [server, setServer] = useState<Record<string, string>>({});
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(subscriptionEditorSchema),
    defaultValues: subscription
      ? {
          slug: subscription.slug,
          state: subscription.state,
          type: subscription.type,
          sort: subscription.sort,
          image: subscription.image,
          redemptions: subscription.redemptions,
          validity_days: subscription.validity_days,
          customer_group_id: subscription.customer_group_id,
          texts: subscription.texts,
          audiences: subscription.audiences,
          product_ids: subscription.product_ids,
          category_ids: subscription.category_ids,
        }
      : { slug: '', state: 'DRAFT', type: 'ONLINE', redemptions: -1, validity_days: 365, texts: {}, audiences: [], product_ids: [], category_ids: [] },
  });
  const audienceRows = useFieldArray({ control, name: 'audiences' });
  const error = (name: string) => fieldErrorText(t, formState.errors, server, name);
  const audienceName = (id: number) => translate(audiences.data?.find((a) => a.id === id)?.texts ?? {}, language, 'en').name ?? String(id);

  const save = useMutation({
    mutationFn: (body: Output) =>
      subscription
        ? boApi.put<SubscriptionEditorView>(`/sales/subscriptions/${subscription.id}`, { version: subscription.version, subscription: body })
        : boApi.post<SubscriptionEditorView>('/sales/subscriptions', body),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: salesKeys.subscriptions() });
      onDone(saved);
    },
    onError: (failure) => {
      setServer(Object.fromEntries(Object.entries(serverFields(failure)).map(([name, rule]) => [name.replace(/^subscription\./, ''), rule])));
      setNotice({ kind: 'error', text: errorText(t, failure) });
    },
  });
  const unused = (audiences.data ?? []).filter((a) => !audienceRows.fields.some((row) => row.audience_id === a.id));

  return (
    <section aria-labelledby="subscription-form-heading">
      <h2 id="subscription-form-heading">{subscription ? t('editNamed', { name: subscription.slug }) : t('subscriptions.new')}</h2>
      <form className="bo-form bo-form--wide" noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
        <Field label={t('slug')} hint={t('slugHint')} error={error('slug')}>
          {(props) => <input {...props} autoComplete="off" {...register('slug')} />}
        </Field>
        <Field label={t('subscriptions.type')} hint={t('subscriptions.typeHint')} error={error('type')}>
          {(props) => (
            <select {...props} {...register('type')}>
              <option value="ONLINE">{t('subscriptions.types.ONLINE')}</option>
              <option value="PHYSICAL">{t('subscriptions.types.PHYSICAL')}</option>
            </select>
          )}
        </Field>
        <Field label={t('state')} error={error('state')}>
          {(props) => (
            <select {...props} {...register('state')}>
              {CATALOGUE_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`backoffice-catalogue:states.${state}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('subscriptions.redemptions')} hint={t('subscriptions.redemptionsHint')} error={error('redemptions')}>
          {(props) => <input {...props} type="number" min={-1} step={1} {...register('redemptions', { valueAsNumber: true })} />}
        </Field>
        <Field label={t('validityDays')} error={error('validity_days')}>
          {(props) => <input {...props} type="number" min={1} step={1} {...register('validity_days', { valueAsNumber: true })} />}
        </Field>
        <Field label={t('subscriptions.group')} hint={t('subscriptions.groupHint')} error={error('customer_group_id')}>
          {(props) => (
            <select {...props} {...register('customer_group_id', { setValueAs: optionalNumber })}>
              <option value="">{t('subscriptions.noGroup')}</option>
              {(groups.data ?? []).map((group) => (
                <option key={group.id} value={group.id}>
                  {translate(group.texts, language, 'en').name ?? String(group.id)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="bo-fieldset">
          <legend>{t('subscriptions.audiences')}</legend>
          {error('audiences') ? <p className="bo-field-error">{error('audiences')}</p> : null}
          {audienceRows.fields.map((row, index) => (
            <div key={row.id} className="bo-row-actions">
              <Field label={t('subscriptions.priceFor', { audience: audienceName(row.audience_id) })} error={error(`audiences.${index}.price`)}>
                {(props) => (
                  <input {...props} type="number" step="0.01" inputMode="decimal" {...register(`audiences.${index}.price`, { valueAsNumber: true })} />
                )}
              </Field>
              <button type="button" className="bo-button" onClick={() => audienceRows.remove(index)}>
                {t('removeNamed', { name: audienceName(row.audience_id) })}
              </button>
            </div>
          ))}
          <div className="bo-row-actions">
            {unused.map((audience) => (
              <button key={audience.id} type="button" className="bo-button" onClick={() => audienceRows.append({ audience_id: audience.id, price: 0 })}>
                {t('subscriptions.addAudience', { audience: audienceName(audience.id) })}
              </button>
            ))}
          </div>
        </fieldset>
        <Controller
          control={control}
          name="product_ids"
          render={({ field }) => (
            <IdChecklist
              legend={t('subscriptions.products')}
              hint={error('product_ids') ?? t('subscriptions.productsHint')}
              options={(products.data ?? []).map((product) => ({ id: product.id, label: translate(product.texts, language, 'en').title ?? product.slug }))}
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="category_ids"
          render={({ field }) => (
            <IdChecklist
              legend={t('categories')}
              options={(categories.data ?? []).map((category) => ({
                id: category.id,
                label: translate(category.texts, language, 'en').title ?? category.slug,
              }))}
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
        {languages.data ? (
          <TranslationsFields
            name="texts"
            languages={languages.data.languages}
            defaultLanguage={languages.data.default_language}
            fields={[
              { key: 'title', required: true, label: t('title') },
              { key: 'label', label: t('label') },
              { key: 'description', label: t('description'), multiline: true },
            ]}
            register={register}
            errorAt={error}
          />
        ) : null}
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
