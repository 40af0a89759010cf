/** The form of one subscription (pass): audiences with prices, redemptions, validity, type, covered products, texts per language. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { subscriptionEditorSchema, type SubscriptionEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { audiencesQuery } from '../../api/audiences.ts';
import { productsQuery } from '../../api/products.ts';
import { useSaveSubscription } from '../../api/subscriptions.ts';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { RecordForm, useRecordOutcome } from '../../ui/record-editor.tsx';
import { CategoriesAndTexts, GroupField, ItemChecklist, SlugAndState } from './sale-item-fields.tsx';

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
  const products = useQuery(productsQuery());
  const audiences = useQuery(audiencesQuery());
  const { notice, outcome } = useRecordOutcome(onDone);
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
  const audienceName = (id: number) => translate(audiences.data?.find((a) => a.id === id)?.texts ?? {}, language, 'en').name ?? String(id);

  const save = useSaveSubscription(subscription, outcome);
  const error = formProblems(t, formState.errors, refusalFields(save.error, 'subscription'));
  const unused = (audiences.data ?? []).filter((a) => !audienceRows.fields.some((row) => row.audience_id === a.id));

  return (
    <RecordForm
      heading={subscription ? t('editNamed', { name: subscription.slug }) : t('subscriptions.new')}
      wide
      notice={notice}
      saving={save.isPending}
      onSubmit={handleSubmit((body) => save.mutate(body))}
      onCancel={() => onDone(null)}
    >
      <SlugAndState register={register} error={error} />
      <StackedField label={t('subscriptions.type')} hint={t('subscriptions.typeHint')} error={error('type')}>
        {(props) => (
          <select {...props} {...register('type')}>
            <option value="ONLINE">{t('subscriptions.types.ONLINE')}</option>
            <option value="PHYSICAL">{t('subscriptions.types.PHYSICAL')}</option>
          </select>
        )}
      </StackedField>
      <StackedField label={t('subscriptions.redemptions')} hint={t('subscriptions.redemptionsHint')} error={error('redemptions')}>
        {(props) => <input {...props} type="number" min={-1} step={1} {...register('redemptions', { valueAsNumber: true })} />}
      </StackedField>
      <StackedField label={t('validityDays')} error={error('validity_days')}>
        {(props) => <input {...props} type="number" min={1} step={1} {...register('validity_days', { valueAsNumber: true })} />}
      </StackedField>
      <GroupField register={register} error={error} label={t('subscriptions.group')} hint={t('subscriptions.groupHint')} none={t('subscriptions.noGroup')} />
      <fieldset className="bo-fieldset">
        <legend>{t('subscriptions.audiences')}</legend>
        {error('audiences') ? <p className="bo-field-error">{error('audiences')}</p> : null}
        {audienceRows.fields.map((row, index) => (
          <div key={row.id} className="bo-row-actions">
            <StackedField label={t('subscriptions.priceFor', { audience: audienceName(row.audience_id) })} error={error(`audiences.${index}.price`)}>
              {(props) => <input {...props} type="number" step="0.01" inputMode="decimal" {...register(`audiences.${index}.price`, { valueAsNumber: true })} />}
            </StackedField>
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
      <ItemChecklist
        control={control}
        name="product_ids"
        items={products.data}
        legend={t('subscriptions.products')}
        hint={error('product_ids') ?? t('subscriptions.productsHint')}
      />
      <CategoriesAndTexts control={control} register={register} error={error} />
    </RecordForm>
  );
}
