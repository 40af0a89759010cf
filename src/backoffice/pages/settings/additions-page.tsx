/** Additions (booking fees) added to every new booking (type 0) or rebooking (type 1): amount and name in every shop language. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { additionEditorSchema, type AdditionEditorInput, type AdditionEditorView } from '#domain/backoffice/settings-editor.ts';
import { formattingLocale, normaliseLanguage, translate, type Language, type Translations } from '#domain/languages.ts';
import { boApi } from '../../api.ts';
import { errorText } from '../../error-text.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { Field } from '../../ui/field.tsx';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { onlyLanguages, TranslationFields } from '../../ui/translation-fields.tsx';
import { useShopLanguages, type ShopLanguages } from './use-shop-languages.ts';

type FormInput = z.input<typeof additionEditorSchema>;
const KEY = ['backoffice', 'settings', 'additions'];
const column = createColumnHelper<TableFeatures, AdditionEditorView>();

export default function AdditionsPage() {
  const { t, i18n } = useTranslation(['backoffice-settings', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const additions = useQuery({ queryKey: KEY, queryFn: () => boApi.get<AdditionEditorView[]>('/settings/additions') });
  const shop = useShopLanguages();
  const [editing, setEditing] = useState<AdditionEditorView | 'new' | null>(null);
  const fallback = shop.data?.default_language ?? 'en';
  const amount = useMemo(() => new Intl.NumberFormat(formattingLocale(reader), { minimumFractionDigits: 2, maximumFractionDigits: 2 }), [reader]);
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((row) => translate(row.texts as Translations<{ name: string }>, reader, fallback).name ?? '', {
          id: 'name',
          header: () => t('additions.name'),
        }),
        column.accessor('type', { header: () => t('additions.type'), cell: (info) => t(`additions.types.${info.getValue()}`) }),
        column.accessor('amount', { header: () => t('additions.amount'), cell: (info) => amount.format(info.getValue()) }),
        column.display({
          id: 'edit',
          header: () => t('actions'),
          cell: (info) => (
            <button type="button" className="bo-button" onClick={() => setEditing(info.row.original)}>
              {t('edit')}{' '}
              <span className="bo-visually-hidden">{translate(info.row.original.texts as Translations<{ name: string }>, reader, fallback).name}</span>
            </button>
          ),
        }),
      ]),
    [t, reader, fallback, amount],
  );
  return (
    <>
      <PageHeading title={t('additions.heading')}>{t('additions.heading')}</PageHeading>
      {additions.error ? <p role="alert">{errorText(t, additions.error)}</p> : null}
      {additions.data ? (
        <DataTable caption={t('additions.caption', { count: additions.data.length })} columns={columns} data={additions.data} empty={t('additions.empty')} />
      ) : (
        <p>{t('loading')}</p>
      )}
      <p>
        <button type="button" className="bo-button" onClick={() => setEditing('new')}>
          {t('additions.add')}
        </button>
      </p>
      {editing && shop.data ? (
        <AdditionForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          current={editing === 'new' ? null : editing}
          shop={shop.data}
          onDone={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function AdditionForm({ current, shop, onDone }: { current: AdditionEditorView | null; shop: ShopLanguages; onDone: () => void }) {
  const { t } = useTranslation(['backoffice-settings', 'backoffice']);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const form = useForm<FormInput, unknown, AdditionEditorInput>({
    resolver: zodResolver(additionEditorSchema),
    defaultValues: current ? { type: current.type, amount: current.amount, texts: current.texts as FormInput['texts'] } : { type: 0, amount: 0, texts: {} },
  });
  const save = useMutation({
    mutationFn: (input: AdditionEditorInput) => {
      const addition = { ...input, texts: onlyLanguages(input.texts, shop.languages) };
      return current
        ? boApi.put<AdditionEditorView>(`/settings/additions/${current.id}`, { version: current.version, addition })
        : boApi.post<AdditionEditorView>('/settings/additions', addition);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const remove = useMutation({
    mutationFn: () => boApi.delete(`/settings/additions/${current!.id}?version=${encodeURIComponent(current!.version)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error));
  const register = (path: string) => form.register(path as Path<FormInput>);
  const heading = current ? t('additions.editHeading') : t('additions.add');
  return (
    <form className="bo-form" aria-label={heading} onSubmit={form.handleSubmit((input) => save.mutate(input))} noValidate>
      <h2>{heading}</h2>
      <Notice notice={notice} />
      <Field label={t('additions.type')} error={problem('type')}>
        {(aria) => (
          <select {...aria} {...form.register('type', { setValueAs: (value: string) => Number(value) })}>
            <option value={0}>{t('additions.types.0')}</option>
            <option value={1}>{t('additions.types.1')}</option>
          </select>
        )}
      </Field>
      <Field label={t('additions.amount')} error={problem('amount')}>
        {(aria) => <input {...aria} type="number" step="0.01" min={0} inputMode="decimal" {...form.register('amount', { valueAsNumber: true })} />}
      </Field>
      <TranslationFields
        legend={t('additions.name')}
        languages={shop.languages}
        defaultLanguage={shop.default_language}
        field="name"
        control={register}
        problem={problem}
      />
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
