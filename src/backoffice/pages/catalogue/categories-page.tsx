/** Categories as a tree (parent, order, state): pick one to edit, or add one; texts in each shop language. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { categoryEditorSchema } from '#domain/backoffice/catalogue-editor.ts';
import { normaliseLanguage, translate, type Language } from '#domain/languages.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { categoriesQuery, categoryKeys, useSaveCategory, type CategoryRow } from '../../api/categories.ts';
import { shopLanguagesQuery } from '../../api/languages.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { compactTexts, ruleResolver, showServerFields } from '../../ui/editor-form.ts';
import { formProblems } from '../../ui/form-problems.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { SlugField, SortField, StateField } from '../../ui/catalogue-fields.tsx';
import type { NoticeValue } from '../../ui/notice.tsx';
import { RecordForm } from '../../ui/record-editor.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';

type CategoryForm = z.input<typeof categoryEditorSchema>;
const EMPTY: CategoryForm = { slug: '', parent_id: null, state: 'DRAFT', sort: 0, image: null, texts: {} };

export default function CategoriesPage() {
  const { t, i18n } = useTranslation(['backoffice-catalogue', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const client = useQueryClient();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [editing, setEditing] = useState<CategoryRow | null>(null);
  const languages = useQuery(shopLanguagesQuery());
  const categories = useQuery(categoriesQuery());
  const { register, handleSubmit, reset, setError, formState } = useForm<CategoryForm, unknown, z.output<typeof categoryEditorSchema>>({
    resolver: ruleResolver(categoryEditorSchema),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (editing) {
      const { id: _id, version: _version, ...values } = editing;
      reset(values);
    } else reset(EMPTY);
  }, [editing, reset]);
  const ruleText = formProblems(t, formState.errors);
  const save = useSaveCategory(editing, {
    onSuccess: () => {
      setEditing(null);
      setNotice({ kind: 'ok', text: t('editor.saved') });
    },
    onError: (error) => {
      showServerFields(error, setError);
      setNotice({ kind: 'error', text: errorText(t, error) });
      if (isApiError(error) && error.code === 'CATALOGUE_STALE_EDIT') void client.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
  const fallback = languages.data?.default_language ?? 'en';
  const rows = categories.data ?? [];
  const titleOf = (row: CategoryRow) => translate(row.texts, reader, fallback).title ?? row.slug;
  const tree = (parent: number | null): ReactNode => {
    const children = rows.filter((row) => row.parent_id === parent).sort((a, b) => a.sort - b.sort);
    if (children.length === 0) return null;
    return (
      <ul className="bo-list">
        {children.map((row) => (
          <li key={row.id}>
            <button type="button" className="bo-button" onClick={() => setEditing(row)}>
              {t('categories.edit', { name: titleOf(row) })}
            </button>{' '}
            <span>
              {t(`states.${row.state}`)} · {t('editor.sort')} {row.sort}
            </span>
            {tree(row.id)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <PageHeading title={t('categories.heading')}>{t('categories.heading')}</PageHeading>
      {categories.error ? <p role="alert">{errorText(t, categories.error)}</p> : null}
      {tree(null)}
      {languages.data ? (
        <RecordForm
          heading={editing ? t('categories.editing', { name: titleOf(editing) }) : t('categories.new')}
          notice={notice}
          saving={save.isPending}
          saveLabel={editing ? t('editor.save') : t('categories.create')}
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
          <SlugField register={register} label={t('editor.slug')} hint={t('editor.slugHint')} error={ruleText('slug')} />
          <StackedField label={t('categories.parent')} error={ruleText('parent_id')}>
            {(props) => (
              <select {...props} {...register('parent_id', { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) })}>
                <option value="">{t('categories.noParent')}</option>
                {rows
                  .filter((row) => row.id !== editing?.id)
                  .map((row) => (
                    <option key={row.id} value={row.id}>
                      {titleOf(row)}
                    </option>
                  ))}
              </select>
            )}
          </StackedField>
          <StateField register={register} label={t('editor.state')} error={ruleText('state')} />
          <SortField register={register} label={t('editor.sort')} error={ruleText('sort')} />
        </RecordForm>
      ) : null}
    </>
  );
}
