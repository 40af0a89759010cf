/**
 * Products as staff know them: the title in the reader's language (else English, else the slug), read from
 * the catalogue's list every picker shares. Until it is in, a neutral "…" rather than a number.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { productsQuery } from '../api/products.ts';

export function useProductNames(): { nameOf: (id: number) => string; ready: boolean } {
  const { i18n } = useTranslation();
  const catalogue = useQuery(productsQuery());
  const reader = normaliseLanguage(i18n.language) ?? 'en';
  const nameOf = (id: number) => {
    const row = catalogue.data?.find((product) => product.id === id);
    return row ? (translate(row.texts, reader, 'en').title ?? row.slug) : '…';
  };
  return { nameOf, ready: catalogue.isSuccess };
}
