/** The visitor audiences (adult, child…) products sell to: the list, and adding or saving one. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { audienceEditorSchema } from '#domain/backoffice/catalogue-editor.ts';
import type { Translations } from '#domain/languages.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

export interface AudienceRow {
  id: number;
  group: string | null;
  sort: number;
  texts: Translations<{ name: string; description: string }>;
}
type AudienceValues = z.output<typeof audienceEditorSchema>;

export const audienceKeys = { all: ['backoffice', 'audiences'] as const };

export const audiencesQuery = () => queryOptions({ queryKey: audienceKeys.all, queryFn: () => backofficeApi.get<AudienceRow[]>('/catalogue/audiences') });

/** Saves `current` (an audience has no version: the last save wins) or adds a new one. */
export const useSaveAudience = (current: AudienceRow | null, options?: MutationOptions<AudienceRow, AudienceValues>) =>
  useInvalidatingMutation(
    (values: AudienceValues) =>
      current ? backofficeApi.put<AudienceRow>(`/catalogue/audiences/${current.id}`, values) : backofficeApi.post<AudienceRow>('/catalogue/audiences', values),
    [audienceKeys.all],
    options,
  );
