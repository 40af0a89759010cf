/**
 * The upsells (add-ons) and donations products offer: a table of every one and a form to add or edit
 * one — texts in each shop language, price, maximum quantity, the donation flag and its step, image.
 * The form validates with the domain's upsellEditorSchema (the API's); the server's refusals show at
 * their fields, a stale edit (409 CATALOGUE_STALE_EDIT) offers to reload the upsell as it now is.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { upsellEditorSchema } from '#domain/backoffice/catalogue-editor.ts';
import { normaliseLanguage, translate, type Language } from '#domain/languages.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { shopLanguagesQuery } from '../../api/languages.ts';
import { upsellsQuery, useSaveUpsell, type UpsellRow } from '../../api/upsells.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { ImageField } from '../../ui/image-field.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { compactTexts, optionalNumber, ruleResolver, showServerFields } from '../../ui/editor-form.ts';
import { formProblems } from '../../ui/form-problems.ts';
import { InlineField, StackedField } from '../../../components/field-parts.tsx';
import type { NoticeValue } from '../../ui/notice.tsx';
import { RecordForm } from '../../ui/record-editor.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

type UpsellForm = z.input<typeof upsellEditorSchema>;
type UpsellOutput = z.output<typeof upsellEditorSchema>;

const EMPTY: UpsellForm = { upsell_type: 'STANDARD', price: 0, max_quantity: 999, donation_step: null, image: null, texts: {} };
const column = createColumnHelper<TableFeatures, UpsellRow>();

export default function UpsellsPage() {
  const { t, i18n } = useTranslation(['backoffice-catalogue', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const client = useQueryClient();
  const format = useShopFormatting();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [editing, setEditingRow] = useState<UpsellRow | null>(null);
  const [stale, setStale] = useState(false);
  const setEditing = (row: UpsellRow | null) => {
    setStale(false);
    setEditingRow(row);
  };
  const languages = useQuery(shopLanguagesQuery());
  const upsells = useQuery(upsellsQuery());
  const { register, handleSubmit, reset, setError, setValue, control, formState } = useForm<UpsellForm, unknown, UpsellOutput>({
    resolver: ruleResolver(upsellEditorSchema),
    defaultValues: EMPTY,
  });
  const [upsellType, image] = useWatch({ control, name: ['upsell_type', 'image'] });
  useEffect(() => {
    if (editing)
      reset({
        upsell_type: editing.upsell_type,
        price: editing.price,
        max_quantity: editing.max_quantity,
        donation_step: editing.donation_step,
        image: editing.image,
        texts: editing.texts,
      });
    else reset(EMPTY);
  }, [editing, reset]);
  // Only a donation has a step: switching back to an add-on clears it (the schema refuses a step there).
  useEffect(() => {
    if (upsellType !== 'DONATION') setValue('donation_step', null);
  }, [upsellType, setValue]);
  const ruleText = formProblems(t, formState.errors);
  const fallback = languages.data?.default_language ?? 'en';
  const titleOf = (row: UpsellRow) => translate(row.texts, reader, fallback).title ?? `#${row.id}`;

  const save = useSaveUpsell(editing, {
    onSuccess: () => {
      setNotice({ kind: 'ok', text: editing ? t('editor.saved') : t('upsells.created') });
      setEditing(null);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'CATALOGUE_STALE_EDIT') setStale(true);
      showServerFields(error, setError);
      setNotice({ kind: 'error', text: errorText(t, error) });
    },
  });
  const reload = async () => {
    if (!editing) return;
    const rows = await client.fetchQuery({ ...upsellsQuery(), staleTime: 0 });
    const fresh = rows.find((row) => row.id === editing.id) ?? null;
    setEditing(fresh);
    setNotice({ kind: 'ok', text: t('upsells.reloaded') });
  };

  // The React Compiler memoizes the columns.
  const columns = column.columns([
    column.accessor((row) => translate(row.texts, reader, fallback).title ?? `#${row.id}`, {
      id: 'title',
      header: () => t('upsells.title'),
      cell: (info) => (
        <button type="button" className="bo-button" onClick={() => setEditing(info.row.original)}>
          {t('upsells.edit', { name: info.getValue() })}
        </button>
      ),
    }),
    column.accessor('upsell_type', { header: () => t('upsells.kind'), cell: (info) => t(`upsells.kinds.${info.getValue()}`) }),
    column.accessor('price', { header: () => t('editor.price'), cell: (info) => format.money(info.getValue()) }),
    column.accessor('donation_step', {
      header: () => t('upsells.step'),
      cell: (info) => (info.getValue() === null ? '—' : format.money(info.getValue() ?? 0)),
    }),
    column.accessor('max_quantity', { header: () => t('editor.maxQuantity') }),
  ]);
  const data = useMemo(() => upsells.data ?? [], [upsells.data]);

  return (
    <>
      <PageHeading title={t('upsells.heading')}>{t('upsells.heading')}</PageHeading>
      {upsells.error ? <p role="alert">{errorText(t, upsells.error)}</p> : null}
      {upsells.data ? <DataTable caption={t('upsells.caption', { count: data.length })} columns={columns} data={data} empty={t('upsells.empty')} /> : null}
      {languages.data ? (
        <RecordForm
          heading={editing ? t('upsells.editing', { name: titleOf(editing) }) : t('upsells.new')}
          notice={notice}
          saving={save.isPending}
          saveLabel={editing ? t('editor.save') : t('upsells.create')}
          onSubmit={(event) => void handleSubmit((values) => save.mutate({ ...values, texts: compactTexts(values.texts) }))(event)}
          onCancel={editing ? () => setEditing(null) : undefined}
        >
          <TranslationsFields
            shop={languages.data}
            register={register}
            errorAt={ruleText}
            fields={[
              { key: 'title', label: t('editor.title'), required: true },
              { key: 'description', label: t('editor.description'), multiline: true },
            ]}
          />
          <InlineField label={t('upsells.donation')} hint={t('upsells.donationHint')}>
            {(props) => (
              <input
                {...props}
                type="checkbox"
                checked={upsellType === 'DONATION'}
                onChange={(event) => setValue('upsell_type', event.target.checked ? 'DONATION' : 'STANDARD', { shouldDirty: true })}
              />
            )}
          </InlineField>
          <StackedField
            label={upsellType === 'DONATION' ? t('upsells.donationPrice') : t('editor.price')}
            hint={upsellType === 'DONATION' ? t('upsells.donationPriceHint') : undefined}
            error={ruleText('price')}
          >
            {(props) => <input {...props} type="number" inputMode="decimal" min={0} step={0.01} {...register('price', { valueAsNumber: true })} />}
          </StackedField>
          {upsellType === 'DONATION' ? (
            <StackedField label={t('upsells.step')} hint={t('upsells.stepHint')} error={ruleText('donation_step')}>
              {(props) => (
                <input {...props} type="number" inputMode="decimal" min={0} step={0.01} {...register('donation_step', { setValueAs: optionalNumber })} />
              )}
            </StackedField>
          ) : null}
          <StackedField label={t('editor.maxQuantity')} error={ruleText('max_quantity')}>
            {(props) => <input {...props} type="number" min={0} step={1} {...register('max_quantity', { valueAsNumber: true })} />}
          </StackedField>
          <ImageField
            value={image}
            error={ruleText('image')}
            onChange={(url) => setValue('image', url, { shouldDirty: true })}
            onProblem={(text) => setNotice({ kind: 'error', text })}
          />
          {stale ? (
            <div className="bo-alert" role="group" aria-label={t('editor.staleTitle')}>
              <p>{t('upsells.stale')}</p>
              <button type="button" className="bo-button" onClick={() => void reload()}>
                {t('upsells.reload')}
              </button>
            </div>
          ) : null}
        </RecordForm>
      ) : null}
    </>
  );
}
