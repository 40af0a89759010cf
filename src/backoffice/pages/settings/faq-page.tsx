/**
 * The FAQ page's content (owner, manager): whether the page shows, the contact details behind its
 * support cards, and the questions with their answers (HTML, sanitised by the API) in every shop language.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  faqContactSchema,
  faqQuestionEditorSchema,
  type FaqContactInput,
  type FaqContactView,
  type FaqQuestionEditorInput,
  type FaqQuestionEditorView,
} from '#domain/backoffice/settings-editor.ts';
import { normaliseLanguage, translate, type Language, type Translations } from '#domain/languages.ts';
import { boApi } from '../../api.ts';
import { errorText } from '../../error-text.ts';
import { PageHeading } from '../../page-heading.tsx';
import { CheckField, Field } from '../../ui/field.tsx';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { onlyLanguages, TranslationFields } from '../../ui/translation-fields.tsx';
import { useShopLanguages, type ShopLanguages } from './use-shop-languages.ts';

const QUESTIONS = ['backoffice', 'settings', 'faq', 'questions'];
const CONTACT = ['backoffice', 'settings', 'faq', 'contact'];
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export default function FaqEditorPage() {
  const { t, i18n } = useTranslation(['backoffice-settings', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const questions = useQuery({ queryKey: QUESTIONS, queryFn: () => boApi.get<FaqQuestionEditorView[]>('/settings/faq/questions') });
  const contact = useQuery({ queryKey: CONTACT, queryFn: () => boApi.get<FaqContactView>('/settings/faq/contact') });
  const shop = useShopLanguages();
  const [editing, setEditing] = useState<FaqQuestionEditorView | 'new' | null>(null);
  const fallback = shop.data?.default_language ?? 'en';
  return (
    <>
      <PageHeading title={t('faq.heading')}>{t('faq.heading')}</PageHeading>
      {questions.error ? <p role="alert">{errorText(t, questions.error)}</p> : null}
      {contact.data ? <ContactForm current={contact.data} /> : null}
      <h2>{t('faq.questions')}</h2>
      <ul className="bo-list">
        {(questions.data ?? []).map((question) => {
          const text = translate(question.texts as Translations<{ question: string }>, reader, fallback).question ?? '';
          return (
            <li key={question.id}>
              <span>{text}</span>{' '}
              <button type="button" className="bo-button" onClick={() => setEditing(question)}>
                {t('edit')} <span className="bo-visually-hidden">{text}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p>
        <button type="button" className="bo-button" onClick={() => setEditing('new')}>
          {t('faq.add')}
        </button>
      </p>
      {editing && shop.data ? (
        <QuestionForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          current={editing === 'new' ? null : editing}
          shop={shop.data}
          onDone={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function ContactForm({ current }: { current: FaqContactView }) {
  const { t } = useTranslation(['backoffice-settings', 'backoffice']);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { version: _version, ...values } = current;
  const form = useForm<z.input<typeof faqContactSchema>, unknown, FaqContactInput>({ resolver: zodResolver(faqContactSchema), defaultValues: values });
  const save = useMutation({
    mutationFn: (contact: FaqContactInput) => boApi.put<FaqContactView>('/settings/faq/contact', { version: current.version, contact }),
    onSuccess: (saved) => {
      queryClient.setQueryData(CONTACT, saved);
      setNotice({ kind: 'ok', text: t('saved') });
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error));
  const text = (name: 'phone_number' | 'email' | 'whatsapp_url' | 'opening_hours_url') =>
    form.register(name, { setValueAs: (value: string | null) => orNull(value ?? '') });
  return (
    <form className="bo-form" aria-label={t('faq.contact')} onSubmit={form.handleSubmit((input) => save.mutate(input))} noValidate>
      <h2>{t('faq.contact')}</h2>
      <Notice notice={notice} />
      <CheckField label={t('faq.enabled')}>{(aria) => <input {...aria} type="checkbox" {...form.register('faq_enabled')} />}</CheckField>
      <Field label={t('faq.phone')} error={problem('phone_number')}>
        {(aria) => <input {...aria} type="tel" {...text('phone_number')} />}
      </Field>
      <Field label={t('faq.email')} error={problem('email')}>
        {(aria) => <input {...aria} type="email" {...text('email')} />}
      </Field>
      <Field label={t('faq.whatsapp')} error={problem('whatsapp_url')}>
        {(aria) => <input {...aria} type="url" {...text('whatsapp_url')} />}
      </Field>
      <Field label={t('faq.openingHours')} error={problem('opening_hours_url')}>
        {(aria) => <input {...aria} type="url" {...text('opening_hours_url')} />}
      </Field>
      <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
        {t('faq.saveContact')}
      </button>
    </form>
  );
}

function QuestionForm({ current, shop, onDone }: { current: FaqQuestionEditorView | null; shop: ShopLanguages; onDone: () => void }) {
  const { t } = useTranslation(['backoffice-settings', 'backoffice']);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<NoticeValue>(null);
  type FormInput = z.input<typeof faqQuestionEditorSchema>;
  const form = useForm<FormInput, unknown, FaqQuestionEditorInput>({
    resolver: zodResolver(faqQuestionEditorSchema),
    defaultValues: current ? { sort: current.sort, texts: current.texts as FormInput['texts'] } : { sort: 0, texts: {} },
  });
  const save = useMutation({
    mutationFn: (input: FaqQuestionEditorInput) => {
      const question = { ...input, texts: onlyLanguages(input.texts, shop.languages) };
      return current
        ? boApi.put<FaqQuestionEditorView>(`/settings/faq/questions/${current.id}`, { version: current.version, question })
        : boApi.post<FaqQuestionEditorView>('/settings/faq/questions', question);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUESTIONS });
      onDone();
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const remove = useMutation({
    mutationFn: () => boApi.delete(`/settings/faq/questions/${current!.id}?version=${encodeURIComponent(current!.version)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUESTIONS });
      onDone();
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error));
  const register = (path: string) => form.register(path as Path<FormInput>);
  const heading = current ? t('faq.editHeading') : t('faq.add');
  return (
    <form className="bo-form bo-form--wide" aria-label={heading} onSubmit={form.handleSubmit((input) => save.mutate(input))} noValidate>
      <h2>{heading}</h2>
      <Notice notice={notice} />
      <TranslationFields
        legend={t('faq.question')}
        languages={shop.languages}
        defaultLanguage={shop.default_language}
        field="question"
        control={register}
        problem={problem}
      />
      <TranslationFields
        legend={t('faq.answer')}
        hint={t('faq.answerHint')}
        languages={shop.languages}
        defaultLanguage={shop.default_language}
        field="answer"
        control={register}
        problem={problem}
        multiline
      />
      <Field label={t('fields.sort')} error={problem('sort')}>
        {(aria) => <input {...aria} type="number" {...form.register('sort', { valueAsNumber: true })} />}
      </Field>
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
