/** The catalogue's products (any state) in a table: title in the reader's language with the shop's fallback, slug, state, price. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { normaliseLanguage, translate, type Language } from '#domain/languages.ts';
import { shopLanguagesQuery } from '../../api/languages.ts';
import { productsQuery, type ProductRow } from '../../api/products.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

const column = createColumnHelper<TableFeatures, ProductRow>();

export default function ProductsPage() {
  const { t, i18n } = useTranslation(['backoffice-catalogue', 'backoffice']);
  const language: Language = normaliseLanguage(i18n.language) ?? 'en';
  const products = useQuery(productsQuery());
  const languages = useQuery(shopLanguagesQuery());
  const fallback = languages.data?.default_language ?? 'en';
  const format = useShopFormatting();

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((row) => translate(row.texts, language, fallback).title ?? row.slug, {
          id: 'title',
          header: () => t('products.title'),
          cell: (info) => <Link to={`/catalogue/products/${info.row.original.id}`}>{info.getValue()}</Link>,
        }),
        column.accessor('slug', { header: () => t('products.slug') }),
        column.accessor('state', { header: () => t('products.state'), cell: (info) => t(`states.${info.getValue()}`) }),
        column.accessor('price', { header: () => t('products.price'), cell: (info) => format.money(info.getValue()) }),
      ]),
    [t, language, fallback, format],
  );
  const data = useMemo(() => products.data ?? [], [products.data]);

  return (
    <>
      <PageHeading title={t('products.heading')}>{t('products.heading')}</PageHeading>
      <p>
        <Link className="bo-button bo-button--primary" to="/catalogue/products/new">
          {t('products.new')}
        </Link>
      </p>
      {products.error ? <p role="alert">{errorText(t, products.error)}</p> : null}
      {products.isPending ? <p>{t('products.loading')}</p> : null}
      {products.data ? <DataTable caption={t('products.caption', { count: products.data.length })} columns={columns} data={data} /> : null}
    </>
  );
}
