/** The organisation's settings as the owner edits them, saved with the version they were read at. */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { OrganisationSettingsInput, OrganisationSettingsView } from '#domain/backoffice/settings-editor.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

export const organisationSettingsKeys = { all: ['backoffice', 'organisation-settings'] as const };

export const organisationSettingsQuery = () =>
  queryOptions({ queryKey: organisationSettingsKeys.all, queryFn: () => backofficeApi.get<OrganisationSettingsView>('/settings/organisation') });

/** The saved settings answer the query at once (the shop's public organisation is read anew elsewhere). */
export function useSaveOrganisationSettings(version: string, options: MutationOptions<OrganisationSettingsView, OrganisationSettingsInput> = {}) {
  const client = useQueryClient();
  return useInvalidatingMutation(
    (settings: OrganisationSettingsInput) => backofficeApi.put<OrganisationSettingsView>('/settings/organisation', { version, settings }),
    [],
    {
      ...options,
      onSuccess: (saved, ...rest) => {
        client.setQueryData(organisationSettingsKeys.all, saved);
        return options.onSuccess?.(saved, ...rest);
      },
    },
  );
}
