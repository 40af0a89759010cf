/**
 * The orders desk (issue 21 item 1): one search box (order number, e-mail, name, ticket or gift card
 * code) with filters, the results in the shared table, paged by the API's keyset. The URL holds the
 * search, so a search can be shared and the browser's back button returns to the previous one.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { classifyOrderSearch } from '#domain/backoffice/order-search.ts';
import { ORDER_STATUS_VALUES, PAYMENT_STATUS_VALUES, type FoundOrder } from '#domain/contracts/backoffice-orders.schema.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { DESK_SEARCH_KEYS, orderFiltersQuery, orderSearchQuery, searchString, type DeskSearch } from '../../api/orders.ts';

const column = createColumnHelper<TableFeatures, FoundOrder>();

export default function OrdersDeskPage() {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const [params, setParams] = useSearchParams();
  const search: DeskSearch = Object.fromEntries(DESK_SEARCH_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key) as string]] : [])));
  const asked = searchString(search);
  const results = useQuery({ ...orderSearchQuery(search), placeholderData: keepPreviousData });
  const format = useShopFormatting();

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('number', {
          header: () => t('desk.number'),
          cell: (info) => (
            <Link className="bo-link" to={`/orders/${info.getValue()}`}>
              {t('desk.orderLink', { number: info.getValue() })}
            </Link>
          ),
        }),
        column.accessor('name', { header: () => t('desk.customer'), cell: (info) => `${info.getValue()} · ${info.row.original.email}` }),
        column.accessor('product', {
          header: () => t('desk.product'),
          cell: (info) => [info.getValue(), info.row.original.date, info.row.original.time].filter(Boolean).join(' · '),
        }),
        column.accessor('quantity', { header: () => t('desk.quantity') }),
        column.accessor('status', { header: () => t('desk.status'), cell: (info) => t(`status.${info.getValue()}`) }),
        column.accessor('payment_status', {
          header: () => t('desk.payment'),
          cell: (info) => (info.getValue() ? t(`payment.${info.getValue()}`) : t('desk.noPayment')),
        }),
        column.accessor('total', { header: () => t('desk.total'), cell: (info) => format.money(info.getValue(), info.row.original.currency) }),
      ]),
    [t, format],
  );
  const rows = useMemo(() => results.data?.orders ?? [], [results.data]);

  return (
    <>
      <PageHeading title={t('desk.title')}>{t('desk.title')}</PageHeading>
      <DeskSearchForm key={asked} search={search} onSearch={(next) => setParams(new URLSearchParams(searchString(next)))} />
      {results.error ? <p role="alert">{errorText(t, results.error)}</p> : null}
      {results.isPending ? <p role="status">{t('desk.loading')}</p> : null}
      {results.data ? (
        <DataTable caption={t('desk.caption', { count: rows.length })} columns={columns} data={rows} rowKey={(row) => String(row.id)} empty={t('desk.empty')} />
      ) : null}
      <div className="bo-actions">
        {search.before ? (
          <Link className="bo-button" to={`?${searchString({ ...search, before: '' })}`}>
            {t('desk.firstPage')}
          </Link>
        ) : null}
        {results.data?.next_before ? (
          <Link className="bo-button" to={`?${searchString({ ...search, before: String(results.data.next_before) })}`}>
            {t('desk.nextPage')}
          </Link>
        ) : null}
      </div>
    </>
  );
}

/** The search box (its hint says how the typed text will be read) and the filters; remounted per search, so back restores it. */
function DeskSearchForm({ search, onSearch }: { search: DeskSearch; onSearch: (next: DeskSearch) => void }) {
  const { t, i18n } = useTranslation(['backoffice-orders', 'backoffice']);
  const filters = useQuery(orderFiltersQuery());
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const [typed, setTyped] = useState(search.q ?? '');
  const term = classifyOrderSearch(typed);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: DeskSearch = {};
    for (const key of DESK_SEARCH_KEYS) if (key !== 'before') next[key] = String(form.get(key) ?? '');
    onSearch(next);
  }

  return (
    <form className="bo-toolbar" role="search" aria-label={t('desk.searchLabel')} onSubmit={submit}>
      <StackedField label={t('desk.q')} hint={term.kind === 'none' ? t('desk.qHint') : t(`desk.by.${term.kind}`)}>
        {(props) => <input {...props} name="q" type="search" defaultValue={search.q ?? ''} onChange={(event) => setTyped(event.target.value)} />}
      </StackedField>
      <StackedField label={t('desk.status')}>
        {(props) => (
          <select {...props} name="status" defaultValue={search.status ?? ''}>
            <option value="">{t('desk.any')}</option>
            {ORDER_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        )}
      </StackedField>
      <StackedField label={t('desk.payment')}>
        {(props) => (
          <select {...props} name="payment" defaultValue={search.payment ?? ''}>
            <option value="">{t('desk.any')}</option>
            {PAYMENT_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {t(`payment.${status}`)}
              </option>
            ))}
          </select>
        )}
      </StackedField>
      <StackedField label={t('desk.product')}>
        {(props) => (
          <select {...props} name="product" defaultValue={search.product ?? ''}>
            <option value="">{t('desk.any')}</option>
            {(filters.data?.products ?? []).map((product) => (
              <option key={product.id} value={product.id}>
                {translate(product.texts, language, 'en').title ?? product.slug}
              </option>
            ))}
          </select>
        )}
      </StackedField>
      <StackedField label={t('desk.dateFrom')}>
        {(props) => <input {...props} name="date_from" type="date" defaultValue={search.date_from ?? ''} />}
      </StackedField>
      <StackedField label={t('desk.dateTo')}>{(props) => <input {...props} name="date_to" type="date" defaultValue={search.date_to ?? ''} />}</StackedField>
      <button type="submit" className="bo-button bo-button--primary">
        {t('desk.search')}
      </button>
    </form>
  );
}
