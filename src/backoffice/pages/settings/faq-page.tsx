/**
 * The FAQ page's content (owner, manager): whether the page shows, the contact details behind its
 * support cards, and the questions with their answers (HTML, sanitised by the API) in every shop language.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
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
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { SortField } from '../../ui/catalogue-fields.tsx';
import { errorText } from '../../../lib/error-message.ts';
import { faqContactQuery, faqQuestionsQuery, useRemoveFaqQuestion, useSaveFaqContact, useSaveFaqQuestion } from '../../api/faq.ts';
import { useShopLanguages, type ShopLanguages } from '../../api/languages.ts';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { RecordForm, RecordsPage, useRecordOutcome } from '../../ui/record-editor.tsx';
import { onlyLanguages, TranslationFields } from '../../ui/translation-fields.tsx';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export default function FaqEditorPage() {
  const { t, i18n } = useTranslation(['backoffice-settings', 'backoffice']);
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const questions = useQuery(faqQuestionsQuery());
  const contact = useQuery(faqContactQuery());
  const shop = useShopLanguages();
  const fallback = shop.data?.default_language ?? 'en';
  return (
    <RecordsPage<FaqQuestionEditorView>
      heading={t('faq.heading')}
      intro={contact.data ? <ContactForm current={contact.data} /> : null}
      addLabel={t('faq.add')}
      error={questions.error}
      form={(current, close) => (shop.data ? <QuestionForm current={current} shop={shop.data} onDone={close} /> : null)}
    >
      {(edit) => (
        <>
          <h2>{t('faq.questions')}</h2>
          <ul className="bo-list">
            {(questions.data ?? []).map((question) => {
              const text = translate(question.texts as Translations<{ question: string }>, reader, fallback).question ?? '';
              return (
                <li key={question.id}>
                  <span>{text}</span>{' '}
                  <button type="button" className="bo-button" onClick={() => edit(question)}>
                    {t('edit')} <span className="bo-visually-hidden">{text}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </RecordsPage>
  );
}

function ContactForm({ current }: { current: FaqContactView }) {
  const { t } = useTranslation(['backoffice-settings', 'backoffice']);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { version: _version, ...values } = current;
  const form = useForm<z.input<typeof faqContactSchema>, unknown, FaqContactInput>({ resolver: zodResolver(faqContactSchema), defaultValues: values });
  const save = useSaveFaqContact(current.version, {
    onSuccess: () => setNotice({ kind: 'ok', text: t('saved') }),
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error, 'contact'));
  const text = (name: 'phone_number' | 'email' | 'whatsapp_url' | 'opening_hours_url') =>
    form.register(name, { setValueAs: (value: string | null) => orNull(value ?? '') });
  return (
    <form className="bo-form" aria-label={t('faq.contact')} onSubmit={form.handleSubmit((input) => save.mutate(input))} noValidate>
      <h2>{t('faq.contact')}</h2>
      <Notice notice={notice} />
      <CheckboxField label={t('faq.enabled')} {...form.register('faq_enabled')} />
      <StackedField label={t('faq.phone')} error={problem('phone_number')}>
        {(aria) => <input {...aria} type="tel" {...text('phone_number')} />}
      </StackedField>
      <StackedField label={t('faq.email')} error={problem('email')}>
        {(aria) => <input {...aria} type="email" {...text('email')} />}
      </StackedField>
      <StackedField label={t('faq.whatsapp')} error={problem('whatsapp_url')}>
        {(aria) => <input {...aria} type="url" {...text('whatsapp_url')} />}
      </StackedField>
      <StackedField label={t('faq.openingHours')} error={problem('opening_hours_url')}>
        {(aria) => <input {...aria} type="url" {...text('opening_hours_url')} />}
      </StackedField>
      <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
        {t('faq.saveContact')}
      </button>
    </form>
  );
}

function QuestionForm({ current, shop, onDone }: { current: FaqQuestionEditorView | null; shop: ShopLanguages; onDone: () => void }) {
  const { t } = useTranslation(['backoffice-settings', 'backoffice']);
  const { notice, outcome } = useRecordOutcome(onDone);
  type FormInput = z.input<typeof faqQuestionEditorSchema>;
  const form = useForm<FormInput, unknown, FaqQuestionEditorInput>({
    resolver: zodResolver(faqQuestionEditorSchema),
    defaultValues: current ? { sort: current.sort, texts: current.texts as FormInput['texts'] } : { sort: 0, texts: {} },
  });
  const save = useSaveFaqQuestion(current, outcome);
  const remove = useRemoveFaqQuestion(current, outcome);
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error, 'question'));
  const register = (path: string) => form.register(path as Path<FormInput>);
  return (
    <RecordForm
      heading={current ? t('faq.editHeading') : t('faq.add')}
      wide
      notice={notice}
      saving={save.isPending}
      onSubmit={form.handleSubmit((input) => save.mutate({ ...input, texts: onlyLanguages(input.texts, shop.languages) }))}
      onCancel={onDone}
      onRemove={current ? () => remove.mutate() : undefined}
      removeName={current ? Object.values(current.texts as Record<string, { question?: string }>).find((text) => text.question)?.question : undefined}
      removing={remove.isPending}
    >
      <TranslationFields legend={t('faq.question')} shop={shop} field="question" control={register} problem={problem} />
      <TranslationFields legend={t('faq.answer')} hint={t('faq.answerHint')} shop={shop} field="answer" control={register} problem={problem} multiline />
      <SortField register={form.register} label={t('fields.sort')} error={problem('sort')} />
    </RecordForm>
  );
}
