/** The FAQ page's content: its questions (added, saved, deleted as read at their version) and its contact details. */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { FaqContactInput, FaqContactView, FaqQuestionEditorInput, FaqQuestionEditorView } from '#domain/backoffice/settings-editor.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';
import { versionedRecords } from './versioned-records.ts';

const questions = versionedRecords<FaqQuestionEditorView, FaqQuestionEditorInput>({
  key: ['backoffice', 'faq', 'questions'],
  path: '/settings/faq/questions',
  name: 'question',
});

export const faqKeys = { all: ['backoffice', 'faq'] as const, questions: questions.key, contact: ['backoffice', 'faq', 'contact'] as const };
export const faqQuestionsQuery = questions.listQuery;
export const useSaveFaqQuestion = questions.useSave;
export const useRemoveFaqQuestion = questions.useRemove;

export const faqContactQuery = () => queryOptions({ queryKey: faqKeys.contact, queryFn: () => backofficeApi.get<FaqContactView>('/settings/faq/contact') });

export function useSaveFaqContact(version: string, options: MutationOptions<FaqContactView, FaqContactInput> = {}) {
  const client = useQueryClient();
  return useInvalidatingMutation((contact: FaqContactInput) => backofficeApi.put<FaqContactView>('/settings/faq/contact', { version, contact }), [], {
    ...options,
    onSuccess: (saved, ...rest) => {
      client.setQueryData(faqKeys.contact, saved);
      return options.onSuccess?.(saved, ...rest);
    },
  });
}
