/**
 * Money in the back office: the API's 2-decimal amounts formatted in the reader's language and the
 * shop's currency (Intl). Amount inputs convert with src/domain/money.ts (integer cents inside).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '#domain/languages.ts';

export function useMoney(currency = 'EUR') {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(formattingLocale(i18n.language), { style: 'currency', currency });
    return { format: (amount: number) => format.format(amount) };
  }, [i18n.language, currency]);
}
