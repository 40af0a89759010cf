/**
 * The customer fields the checkout asks (owner, manager): the list, and a form to add or change one —
 * type (the storefront's 15), required, business, shown by default, dropdown options, label and option
 * labels in every shop language, and the products it applies to (none: every item). The form checks
 * with the API's own schema, which holds the storefront's rules (built-in types keep their name).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { customerFieldEditorSchema, type CustomerFieldEditorInput, type CustomerFieldEditorView } from '#domain/backoffice/settings-editor.ts';
import { FIELD_TYPES } from '#domain/contracts/field-types.ts';
import { normaliseLanguage, translate, type Language, type Translations } from '#domain/languages.ts';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { SortField } from '../../ui/catalogue-fields.tsx';
import { customerFieldsQuery, useRemoveCustomerField, useSaveCustomerField } from '../../api/customer-fields.ts';
import { useShopLanguages, type ShopLanguages } from '../../api/languages.ts';
import { productsQuery } from '../../api/products.ts';
import type { TableFeatures } from '../../ui/data-table.tsx';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { RecordForm, RecordsPage, useRecordOutcome } from '../../ui/record-editor.tsx';
import { onlyLanguages, TranslationFields } from '../../ui/translation-fields.tsx';

type FormInput = z.input<typeof customerFieldEditorSchema>;
const column = createColumnHelper<TableFeatures, CustomerFieldEditorView>();

export default function CustomerFieldsPage() {
  const { t, i18n } = useTranslation(['backoffice-settings', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const fields = useQuery(customerFieldsQuery());
  const shop = useShopLanguages();
  const fallback = shop.data?.default_language ?? 'en';

  const columns = column.columns([
    column.accessor((row) => translate(row.texts as Translations<{ label: string }>, reader, fallback).label ?? row.name, {
      id: 'label',
      header: () => t('fields.label'),
    }),
    column.accessor('type', { header: () => t('fields.type'), cell: (info) => t(`fieldTypes.${info.getValue()}`) }),
    column.accessor('required', { header: () => t('fields.required'), cell: (info) => (info.getValue() ? t('yes') : t('no')) }),
  ]);

  return (
    <RecordsPage<CustomerFieldEditorView>
      heading={t('fields.heading')}
      addLabel={t('fields.add')}
      error={fields.error}
      form={(current, close) => (shop.data ? <FieldForm current={current} shop={shop.data} onDone={close} /> : null)}
      table={{
        rows: fields.data,
        caption: (count) => t('fields.caption', { count }),
        columns,

        editLabel: (row) => (
          <>
            {t('edit')} <span className="bo-visually-hidden">{row.name}</span>
          </>
        ),
      }}
    />
  );
}

function FieldForm({ current, shop, onDone }: { current: CustomerFieldEditorView | null; shop: ShopLanguages; onDone: () => void }) {
  const { t, i18n } = useTranslation(['backoffice-settings', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const { notice, outcome } = useRecordOutcome(onDone);
  const products = useQuery(productsQuery());
  const form = useForm<FormInput, unknown, CustomerFieldEditorInput>({
    resolver: zodResolver(customerFieldEditorSchema),
    defaultValues: current
      ? ({ ...current, id: undefined, version: undefined } as unknown as FormInput)
      : {
          name: '',
          type: 'TEXT',
          required: false,
          default: false,
          business: false,
          sort: 0,
          options: [],
          products: [],
          subscriptions: [],
          vouchers: [],
          texts: {},
        },
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const save = useSaveCustomerField(current, outcome);
  const remove = useRemoveCustomerField(current, outcome);
  const fieldOf = (input: CustomerFieldEditorInput) => ({
    ...input,
    texts: onlyLanguages(input.texts, shop.languages),
    options: input.options.map((option) => ({ ...option, labels: onlyLanguages(option.labels, shop.languages) })),
  });
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error, 'field'));
  const register = (path: string) => form.register(path as Path<FormInput>);
  const type = useWatch({ control: form.control, name: 'type' });
  const selectedProducts = (useWatch({ control: form.control, name: 'products' }) ?? []).map(Number);

  return (
    <RecordForm
      heading={current ? t('fields.editHeading', { name: current.name }) : t('fields.add')}
      wide
      notice={notice}
      saving={save.isPending}
      onSubmit={form.handleSubmit((input) => save.mutate(fieldOf(input)))}
      onCancel={onDone}
      onRemove={current ? () => remove.mutate() : undefined}
      removeName={current?.name}
      removing={remove.isPending}
    >
      <StackedField label={t('fields.type')} error={problem('type')}>
        {(aria) => (
          <select {...aria} {...register('type')}>
            {FIELD_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`fieldTypes.${value}`)}
              </option>
            ))}
          </select>
        )}
      </StackedField>
      <StackedField label={t('fields.name')} hint={t('fields.nameHint')} error={problem('name')}>
        {(aria) => <input {...aria} {...register('name')} autoComplete="off" />}
      </StackedField>
      <TranslationFields legend={t('fields.label')} shop={shop} field="label" control={register} problem={problem} />
      <CheckboxField label={t('fields.required')} {...register('required')} />
      <CheckboxField label={t('fields.default')} {...register('default')} />
      <CheckboxField label={t('fields.business')} {...register('business')} />
      <SortField register={form.register} label={t('fields.sort')} error={problem('sort')} />
      {type === 'DROPDOWN' || options.fields.length > 0 ? (
        <fieldset className="bo-fieldset">
          <legend>{t('fields.options')}</legend>
          {problem('options') ? <p className="bo-field-error">{problem('options')}</p> : null}
          {options.fields.map((option, index) => (
            <div key={option.id} className="bo-option">
              <StackedField label={t('fields.optionValue', { number: index + 1 })} error={problem(`options.${index}.value`)}>
                {(aria) => <input {...aria} {...register(`options.${index}.value`)} autoComplete="off" />}
              </StackedField>
              {[shop.default_language, ...shop.languages.filter((l) => l !== shop.default_language)].map((language) => (
                <StackedField key={language} label={t('fields.optionLabel', { number: index + 1, language: t(`backoffice:language.names.${language}`) })}>
                  {(aria) => <input {...aria} {...register(`options.${index}.labels.${language}`)} lang={language} />}
                </StackedField>
              ))}
              <button type="button" className="bo-button" onClick={() => options.remove(index)}>
                {t('fields.removeOption', { number: index + 1 })}
              </button>
            </div>
          ))}
          <button type="button" className="bo-button" onClick={() => options.append({ value: '', labels: {} })}>
            {t('fields.addOption')}
          </button>
        </fieldset>
      ) : null}
      <fieldset className="bo-fieldset">
        <legend>{t('fields.appliesTo')}</legend>
        <p className="bo-hint">{t('fields.appliesToHint')}</p>
        {(products.data ?? []).map((product) => (
          <CheckboxField
            key={product.id}
            label={translate(product.texts, reader, shop.default_language).title ?? product.slug}
            checked={selectedProducts.includes(product.id)}
            onChange={(event) =>
              form.setValue('products', event.target.checked ? [...selectedProducts, product.id] : selectedProducts.filter((id) => id !== product.id), {
                shouldDirty: true,
              })
            }
          />
        ))}
      </fieldset>
    </RecordForm>
  );
}
