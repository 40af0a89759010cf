/**
 * The shared formatting (src/lib/use-formatting.ts) in the back office: the reader's language, and the
 * currency and timezone of the organisation (its public settings, read with the one API client as the
 * storefront reads them). Until they are in, amounts read in euros and moments in the reader's timezone.
 *
 *   const format = useShopFormatting();
 *   format.money(order.total, order.currency)
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { organisationQuery } from '../../lib/api/organisation.ts';
import { useFormatting, type Formatting } from '../../lib/use-formatting.ts';

export function useShopFormatting(): Formatting {
  const { i18n } = useTranslation();
  const organisation = useQuery(organisationQuery(i18n.language)).data;
  return useFormatting({ currency: organisation?.currency ?? 'EUR', timezone: organisation?.timezone });
}
