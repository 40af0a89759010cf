/** The form of one voucher (gift cards on sale): the values a buyer picks with their stock, quantities, validity, texts per language. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CATALOGUE_STATES } from '#domain/catalogue-state.ts';
import { voucherEditorSchema, type VoucherEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { boApi } from '../../api.ts';
import { errorText } from '../../error-text.ts';
import { Field } from '../../ui/field.tsx';
import { IdChecklist } from '../../ui/id-checklist.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';
import { fieldErrorText, optionalNumber, serverFields } from './editor-errors.ts';
import { categoryChoicesQuery, languagesQuery, salesKeys } from './sales-queries.ts';

type Input = z.input<typeof voucherEditorSchema>;
type Output = z.output<typeof voucherEditorSchema>;

export function VoucherForm({ voucher, onDone }: { voucher: VoucherEditorView | null; onDone: (saved: VoucherEditorView | null) => void }) {
  const { t, i18n } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const client = useQueryClient();
  const languages = useQuery(languagesQuery());
  const categories = useQuery(categoryChoicesQuery());
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [server, setServer] = useState<Record<string, string>>({});
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(voucherEditorSchema),
    defaultValues: voucher
      ? {
          slug: voucher.slug,
          state: voucher.state,
          sort: voucher.sort,
          image: voucher.image,
          min_quantity: voucher.min_quantity,
          max_quantity: voucher.max_quantity,
          validity_days: voucher.validity_days,
          texts: voucher.texts,
          values: voucher.values,
          category_ids: voucher.category_ids,
        }
      : { slug: '', state: 'DRAFT', min_quantity: 1, max_quantity: 10, validity_days: 365, texts: {}, values: [], category_ids: [] },
  });
  const values = useFieldArray({ control, name: 'values', keyName: 'key' });
  const error = (name: string) => fieldErrorText(t, formState.errors, server, name);

  const save = useMutation({
    mutationFn: (body: Output) =>
      voucher
        ? boApi.put<VoucherEditorView>(`/sales/vouchers/${voucher.id}`, { version: voucher.version, voucher: body })
        : boApi.post<VoucherEditorView>('/sales/vouchers', body),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: salesKeys.vouchers() });
      onDone(saved);
    },
    onError: (failure) => {
      setServer(Object.fromEntries(Object.entries(serverFields(failure)).map(([name, rule]) => [name.replace(/^voucher\./, ''), rule])));
      setNotice({ kind: 'error', text: errorText(t, failure) });
    },
  });

  return (
    <section aria-labelledby="voucher-form-heading">
      <h2 id="voucher-form-heading">{voucher ? t('editNamed', { name: voucher.slug }) : t('vouchers.new')}</h2>
      <form className="bo-form bo-form--wide" noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
        <Field label={t('slug')} hint={t('slugHint')} error={error('slug')}>
          {(props) => <input {...props} autoComplete="off" {...register('slug')} />}
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
        <Field label={t('vouchers.minQuantity')} error={error('min_quantity')}>
          {(props) => <input {...props} type="number" min={0} step={1} {...register('min_quantity', { valueAsNumber: true })} />}
        </Field>
        <Field label={t('vouchers.maxQuantity')} error={error('max_quantity')}>
          {(props) => <input {...props} type="number" min={0} step={1} {...register('max_quantity', { valueAsNumber: true })} />}
        </Field>
        <Field label={t('validityDays')} hint={t('vouchers.validityHint')} error={error('validity_days')}>
          {(props) => <input {...props} type="number" min={1} step={1} {...register('validity_days', { setValueAs: optionalNumber })} />}
        </Field>
        <fieldset className="bo-fieldset">
          <legend>{t('vouchers.values')}</legend>
          {error('values') ? <p className="bo-field-error">{error('values')}</p> : null}
          {values.fields.map((row, index) => (
            <fieldset key={row.key} className="bo-fieldset">
              <legend>{t('vouchers.valueNumber', { number: index + 1 })}</legend>
              <Field label={t('vouchers.price')} error={error(`values.${index}.price`)}>
                {(props) => <input {...props} type="number" step="0.01" inputMode="decimal" {...register(`values.${index}.price`, { valueAsNumber: true })} />}
              </Field>
              <Field label={t('vouchers.stock')} hint={t('emptyUnlimited')} error={error(`values.${index}.availability`)}>
                {(props) => <input {...props} type="number" min={0} step={1} {...register(`values.${index}.availability`, { setValueAs: optionalNumber })} />}
              </Field>
              {languages.data ? (
                <TranslationsFields
                  name={`values.${index}.texts`}
                  languages={languages.data.languages}
                  defaultLanguage={languages.data.default_language}
                  fields={[{ key: 'name', required: true, label: t('vouchers.valueName') }]}
                  register={register}
                  errorAt={error}
                />
              ) : null}
              <button type="button" className="bo-button" onClick={() => values.remove(index)}>
                {t('removeNamed', { name: t('vouchers.valueNumber', { number: index + 1 }) })}
              </button>
            </fieldset>
          ))}
          <button type="button" className="bo-button" onClick={() => values.append({ id: null, price: 0, availability: null, texts: {} })}>
            {t('vouchers.addValue')}
          </button>
        </fieldset>
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
