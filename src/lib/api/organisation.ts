/** The organisation's settings: loaded at start-up, read by every feature (currency, timezone, fields). */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Organisation } from '#domain/contracts/organisation.ts';
import { readJson } from '../api-client.ts';

export async function getOrganisation(language?: string): Promise<Organisation> {
  return readJson<Organisation>('/organisation', language);
}

export const organisationQuery = (language: string) =>
  queryOptions({ queryKey: ['organisation', language], queryFn: () => getOrganisation(language), staleTime: 5 * 60_000 });

/** Loaded before the app shows (app/bootstrap), so this never suspends in practice. */
export function useOrganisation(): Organisation {
  const { i18n } = useTranslation();
  return useSuspenseQuery(organisationQuery(i18n.language)).data;
}
