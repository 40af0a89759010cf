/** Additions (booking fees) added to every new booking (type 0) or rebooking (type 1): amount and name in every shop language. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { additionEditorSchema, type AdditionEditorInput, type AdditionEditorView } from '#domain/backoffice/settings-editor.ts';
import { normaliseLanguage, translate, type Language, type Translations } from '#domain/languages.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { additionsQuery, useRemoveAddition, useSaveAddition } from '../../api/additions.ts';
import { useShopLanguages, type ShopLanguages } from '../../api/languages.ts';
import type { TableFeatures } from '../../ui/data-table.tsx';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { RecordForm, RecordsPage, useRecordOutcome } from '../../ui/record-editor.tsx';
import { onlyLanguages, TranslationFields } from '../../ui/translation-fields.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

type FormInput = z.input<typeof additionEditorSchema>;
const column = createColumnHelper<TableFeatures, AdditionEditorView>();

export default function AdditionsPage() {
  const { t, i18n } = useTranslation(['backoffice-settings', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const format = useShopFormatting();
  const additions = useQuery(additionsQuery());
  const shop = useShopLanguages();
  const fallback = shop.data?.default_language ?? 'en';
  const nameOf = (row: AdditionEditorView) => translate(row.texts as Translations<{ name: string }>, reader, fallback).name ?? '';
  const columns = column.columns([
    column.accessor(nameOf, { id: 'name', header: () => t('additions.name') }),
    column.accessor('type', { header: () => t('additions.type'), cell: (info) => t(`additions.types.${info.getValue()}`) }),
    column.accessor('amount', { header: () => t('additions.amount'), cell: (info) => format.money(info.getValue()) }),
  ]);
  return (
    <RecordsPage<AdditionEditorView>
      heading={t('additions.heading')}
      addLabel={t('additions.add')}
      error={additions.error}
      form={(current, close) => (shop.data ? <AdditionForm current={current} shop={shop.data} onDone={close} /> : null)}
      table={{
        rows: additions.data,
        caption: (count) => t('additions.caption', { count }),
        columns,
        empty: t('additions.empty'),
        editLabel: (row) => (
          <>
            {t('edit')} <span className="bo-visually-hidden">{nameOf(row)}</span>
          </>
        ),
      }}
    />
  );
}

function AdditionForm({ current, shop, onDone }: { current: AdditionEditorView | null; shop: ShopLanguages; onDone: () => void }) {
  const { t } = useTranslation(['backoffice-settings', 'backoffice']);
  const { notice, outcome } = useRecordOutcome(onDone);
  const form = useForm<FormInput, unknown, AdditionEditorInput>({
    resolver: zodResolver(additionEditorSchema),
    defaultValues: current ? { type: current.type, amount: current.amount, texts: current.texts as FormInput['texts'] } : { type: 0, amount: 0, texts: {} },
  });
  const save = useSaveAddition(current, outcome);
  const remove = useRemoveAddition(current, outcome);
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error, 'addition'));
  const register = (path: string) => form.register(path as Path<FormInput>);
  return (
    <RecordForm
      heading={current ? t('additions.editHeading') : t('additions.add')}
      notice={notice}
      saving={save.isPending}
      onSubmit={form.handleSubmit((input) => save.mutate({ ...input, texts: onlyLanguages(input.texts, shop.languages) }))}
      onCancel={onDone}
      onRemove={current ? () => remove.mutate() : undefined}
      removeName={current ? Object.values(current.texts as Record<string, { name?: string }>).find((text) => text.name)?.name : undefined}
      removing={remove.isPending}
    >
      <StackedField label={t('additions.type')} error={problem('type')}>
        {(aria) => (
          <select {...aria} {...form.register('type', { setValueAs: (value: string) => Number(value) })}>
            <option value={0}>{t('additions.types.0')}</option>
            <option value={1}>{t('additions.types.1')}</option>
          </select>
        )}
      </StackedField>
      <StackedField label={t('additions.amount')} error={problem('amount')}>
        {(aria) => <input {...aria} type="number" step="0.01" min={0} inputMode="decimal" {...form.register('amount', { valueAsNumber: true })} />}
      </StackedField>
      <TranslationFields legend={t('additions.name')} shop={shop} field="name" control={register} problem={problem} />
    </RecordForm>
  );
}
