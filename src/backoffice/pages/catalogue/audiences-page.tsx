/** The visitor audiences (adult, child…) products sell to: a list and a form to add one, texts in each shop language. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { audienceEditorSchema } from '#domain/backoffice/catalogue-editor.ts';
import { normaliseLanguage, translate, type Language } from '#domain/languages.ts';
import { audiencesQuery, useSaveAudience, type AudienceRow } from '../../api/audiences.ts';
import { shopLanguagesQuery } from '../../api/languages.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { compactTexts, ruleResolver, showServerFields } from '../../ui/editor-form.ts';
import { formProblems } from '../../ui/form-problems.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { SortField } from '../../ui/catalogue-fields.tsx';
import type { NoticeValue } from '../../ui/notice.tsx';
import { RecordForm } from '../../ui/record-editor.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';

type AudienceForm = z.input<typeof audienceEditorSchema>;

export default function AudiencesPage() {
  const { t, i18n } = useTranslation(['backoffice-catalogue', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [editing, setEditing] = useState<AudienceRow | null>(null);
  const languages = useQuery(shopLanguagesQuery());
  const audiences = useQuery(audiencesQuery());
  const { register, handleSubmit, reset, setError, formState } = useForm<AudienceForm, unknown, z.output<typeof audienceEditorSchema>>({
    resolver: ruleResolver(audienceEditorSchema),
    defaultValues: { group: null, sort: 0, texts: {} },
  });
  useEffect(() => {
    if (editing) reset({ group: editing.group, sort: editing.sort, texts: editing.texts });
    else reset({ group: null, sort: 0, texts: {} });
  }, [editing, reset]);
  const ruleText = formProblems(t, formState.errors);
  const create = useSaveAudience(editing, {
    onSuccess: () => {
      setNotice({ kind: 'ok', text: editing ? t('editor.saved') : t('audiences.created') });
      setEditing(null);
    },
    onError: (error) => {
      showServerFields(error, setError);
      setNotice({ kind: 'error', text: errorText(t, error) });
    },
  });
  const fallback = languages.data?.default_language ?? 'en';

  return (
    <>
      <PageHeading title={t('audiences.heading')}>{t('audiences.heading')}</PageHeading>
      {audiences.error ? <p role="alert">{errorText(t, audiences.error)}</p> : null}
      <ul className="bo-list">
        {(audiences.data ?? []).map((audience) => (
          <li key={audience.id}>
            <button type="button" className="bo-button" onClick={() => setEditing(audience)}>
              {t('audiences.edit', { name: translate(audience.texts, reader, fallback).name ?? audience.id })}
            </button>
            {audience.group ? ` (${audience.group})` : ''}
          </li>
        ))}
      </ul>
      {languages.data ? (
        <RecordForm
          heading={editing ? t('audiences.editing', { name: translate(editing.texts, reader, fallback).name ?? editing.id }) : t('audiences.new')}
          notice={notice}
          saving={create.isPending}
          saveLabel={editing ? t('editor.save') : t('audiences.create')}
          onSubmit={(event) => void handleSubmit((values) => create.mutate({ ...values, texts: compactTexts(values.texts) }))(event)}
          onCancel={editing ? () => setEditing(null) : undefined}
        >
          <TranslationsFields
            shop={languages.data}
            register={register}
            errorAt={ruleText}
            fields={[
              { key: 'name', label: t('audiences.name'), required: true },
              { key: 'description', label: t('editor.description'), multiline: true },
            ]}
          />
          <StackedField label={t('audiences.group')} hint={t('audiences.groupHint')} error={ruleText('group')}>
            {(props) => <input {...props} type="text" {...register('group', { setValueAs: (value: unknown) => (value === '' ? null : value) })} />}
          </StackedField>
          <SortField register={register} label={t('editor.sort')} error={ruleText('sort')} />
        </RecordForm>
      ) : null}
    </>
  );
}
