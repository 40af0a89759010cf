/**
 * The customer fields the checkout asks (owner, manager): the list, and a form to add or change one —
 * type (the storefront's 15), required, business, shown by default, dropdown options, label and option
 * labels in every shop language, and the products it applies to (none: every item). The form checks
 * with the API's own schema, which holds the storefront's rules (built-in types keep their name).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { customerFieldEditorSchema, type CustomerFieldEditorInput, type CustomerFieldEditorView } from '#domain/backoffice/settings-editor.ts';
import { FIELD_TYPES } from '#domain/contracts/field-types.ts';
import { normaliseLanguage, translate, type Language, type Translations } from '#domain/languages.ts';
import { boApi } from '../../api.ts';
import { errorText } from '../../error-text.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { CheckField, Field } from '../../ui/field.tsx';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { onlyLanguages, TranslationFields } from '../../ui/translation-fields.tsx';
import { useShopLanguages, type ShopLanguages } from './use-shop-languages.ts';

type FormInput = z.input<typeof customerFieldEditorSchema>;
const KEY = ['backoffice', 'settings', 'fields'];
const column = createColumnHelper<TableFeatures, CustomerFieldEditorView>();

interface ProductChoice {
  id: number;
  slug: string;
  texts: Translations<{ title: string }>;
}

export default function CustomerFieldsPage() {
  const { t, i18n } = useTranslation(['backoffice-settings', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const fields = useQuery({ queryKey: KEY, queryFn: () => boApi.get<CustomerFieldEditorView[]>('/settings/fields') });
  const shop = useShopLanguages();
  const [editing, setEditing] = useState<CustomerFieldEditorView | 'new' | null>(null);
  const fallback = shop.data?.default_language ?? 'en';

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((row) => translate(row.texts as Translations<{ label: string }>, reader, fallback).label ?? row.name, {
          id: 'label',
          header: () => t('fields.label'),
        }),
        column.accessor('type', { header: () => t('fields.type'), cell: (info) => t(`fieldTypes.${info.getValue()}`) }),
        column.accessor('required', { header: () => t('fields.required'), cell: (info) => (info.getValue() ? t('yes') : t('no')) }),
        column.display({
          id: 'edit',
          header: () => t('actions'),
          cell: (info) => (
            <button type="button" className="bo-button" onClick={() => setEditing(info.row.original)}>
              {t('edit')} <span className="bo-visually-hidden">{info.row.original.name}</span>
            </button>
          ),
        }),
      ]),
    [t, reader, fallback],
  );

  return (
    <>
      <PageHeading title={t('fields.heading')}>{t('fields.heading')}</PageHeading>
      {fields.error ? <p role="alert">{errorText(t, fields.error)}</p> : null}
      {fields.data ? <DataTable caption={t('fields.caption', { count: fields.data.length })} columns={columns} data={fields.data} /> : <p>{t('loading')}</p>}
      <p>
        <button type="button" className="bo-button" onClick={() => setEditing('new')}>
          {t('fields.add')}
        </button>
      </p>
      {editing && shop.data ? (
        <FieldForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          current={editing === 'new' ? null : editing}
          shop={shop.data}
          onDone={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function FieldForm({ current, shop, onDone }: { current: CustomerFieldEditorView | null; shop: ShopLanguages; onDone: () => void }) {
  const { t, i18n } = useTranslation(['backoffice-settings', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const products = useQuery({ queryKey: ['backoffice', 'catalogue', 'products'], queryFn: () => boApi.get<ProductChoice[]>('/catalogue/products') });
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
  const save = useMutation({
    mutationFn: (input: CustomerFieldEditorInput) => {
      const field = {
        ...input,
        texts: onlyLanguages(input.texts, shop.languages),
        options: input.options.map((option) => ({ ...option, labels: onlyLanguages(option.labels, shop.languages) })),
      };
      return current
        ? boApi.put<CustomerFieldEditorView>(`/settings/fields/${current.id}`, { version: current.version, field })
        : boApi.post<CustomerFieldEditorView>('/settings/fields', field);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      setNotice({ kind: 'ok', text: t('saved') });
      onDone();
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const remove = useMutation({
    mutationFn: () => boApi.delete(`/settings/fields/${current!.id}?version=${encodeURIComponent(current!.version)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error));
  const register = (path: string) => form.register(path as Path<FormInput>);
  const type = useWatch({ control: form.control, name: 'type' });
  const selectedProducts = (useWatch({ control: form.control, name: 'products' }) ?? []).map(Number);

  return (
    <form
      className="bo-form bo-form--wide"
      aria-label={current ? t('fields.editHeading', { name: current.name }) : t('fields.add')}
      onSubmit={form.handleSubmit((input) => save.mutate(input))}
      noValidate
    >
      <h2>{current ? t('fields.editHeading', { name: current.name }) : t('fields.add')}</h2>
      <Notice notice={notice} />
      <Field label={t('fields.type')} error={problem('type')}>
        {(aria) => (
          <select {...aria} {...register('type')}>
            {FIELD_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`fieldTypes.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('fields.name')} hint={t('fields.nameHint')} error={problem('name')}>
        {(aria) => <input {...aria} {...register('name')} autoComplete="off" />}
      </Field>
      <TranslationFields
        legend={t('fields.label')}
        languages={shop.languages}
        defaultLanguage={shop.default_language}
        field="label"
        control={register}
        problem={problem}
      />
      <CheckField label={t('fields.required')}>{(aria) => <input {...aria} type="checkbox" {...register('required')} />}</CheckField>
      <CheckField label={t('fields.default')}>{(aria) => <input {...aria} type="checkbox" {...register('default')} />}</CheckField>
      <CheckField label={t('fields.business')}>{(aria) => <input {...aria} type="checkbox" {...register('business')} />}</CheckField>
      <Field label={t('fields.sort')} error={problem('sort')}>
        {(aria) => <input {...aria} type="number" {...form.register('sort', { valueAsNumber: true })} />}
      </Field>
      {type === 'DROPDOWN' || options.fields.length > 0 ? (
        <fieldset className="bo-fieldset">
          <legend>{t('fields.options')}</legend>
          {problem('options') ? <p className="bo-field-error">{problem('options')}</p> : null}
          {options.fields.map((option, index) => (
            <div key={option.id} className="bo-option">
              <Field label={t('fields.optionValue', { number: index + 1 })} error={problem(`options.${index}.value`)}>
                {(aria) => <input {...aria} {...register(`options.${index}.value`)} autoComplete="off" />}
              </Field>
              {[shop.default_language, ...shop.languages.filter((l) => l !== shop.default_language)].map((language) => (
                <Field key={language} label={t('fields.optionLabel', { number: index + 1, language: t(`backoffice:language.names.${language}`) })}>
                  {(aria) => <input {...aria} {...register(`options.${index}.labels.${language}`)} lang={language} />}
                </Field>
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
          <CheckField key={product.id} label={translate(product.texts, reader, shop.default_language).title ?? product.slug}>
            {(aria) => (
              <input
                {...aria}
                type="checkbox"
                checked={selectedProducts.includes(product.id)}
                onChange={(event) =>
                  form.setValue('products', event.target.checked ? [...selectedProducts, product.id] : selectedProducts.filter((id) => id !== product.id), {
                    shouldDirty: true,
                  })
                }
              />
            )}
          </CheckField>
        ))}
      </fieldset>
      <div className="bo-toolbar">
        <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
          {t('save')}
        </button>
        {current ? (
          <button type="button" className="bo-button" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('delete')}
          </button>
        ) : null}
        <button type="button" className="bo-button" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
