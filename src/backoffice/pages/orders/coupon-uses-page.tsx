/** A coupon's uses (issue 21 item 3): its counters and the orders that used it; the URL holds the code. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { CouponUses } from '#domain/contracts/backoffice-orders.schema.ts';
import { couponUsesQuery } from '../../api/coupons.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

type Use = CouponUses['uses'][number];
const column = createColumnHelper<TableFeatures, Use>();

export default function CouponUsesPage() {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const format = useShopFormatting();
  const uses = useQuery(couponUsesQuery(code, 100));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setParams(typed ? { code: typed } : {});
  }

  const columns = useMemo(
    () => [
      column.accessor('order_number', {
        header: () => t('desk.number'),
        cell: (info) => (
          <Link className="bo-link" to={`/orders/${info.getValue()}`}>
            {t('desk.orderLink', { number: info.getValue() })}
          </Link>
        ),
      }),
      column.accessor('email', { header: () => t('customerSection.email') }),
      column.accessor('status', { header: () => t('desk.status'), cell: (info) => t(`status.${info.getValue()}`, { defaultValue: info.getValue() }) }),
      column.accessor('discount', { header: () => t('lines.discount'), cell: (info) => format.money(info.getValue()) }),
      column.accessor('given_back', { header: () => t('coupons.givenBack'), cell: (info) => (info.getValue() ? t('yes') : t('no')) }),
      column.accessor('at', { header: () => t('coupons.at'), cell: (info) => info.getValue().slice(0, 10) }),
    ],
    [t, format],
  );
  const rows = useMemo(() => uses.data?.uses ?? [], [uses.data]);

  return (
    <>
      <PageHeading title={t('coupons.title')}>{t('coupons.title')}</PageHeading>
      <form key={code} className="bo-toolbar" role="search" aria-label={t('coupons.title')} onSubmit={search}>
        <StackedField label={t('coupons.code')}>{(props) => <input {...props} name="code" type="search" defaultValue={code} />}</StackedField>
        <button type="submit" className="bo-button bo-button--primary">
          {t('coupons.show')}
        </button>
      </form>
      {uses.error ? <p role="alert">{errorText(t, uses.error)}</p> : null}
      {uses.data ? (
        <>
          <p>
            {uses.data.limit === null
              ? t('coupons.usedNoLimit', { count: uses.data.used })
              : t('coupons.used', { count: uses.data.used, limit: uses.data.limit })}
          </p>
          <DataTable
            caption={t('coupons.caption', { code: uses.data.code, count: rows.length })}
            columns={columns}
            data={rows}
            rowKey={(row) => `${row.order_number}`}
            empty={t('coupons.empty')}
          />
        </>
      ) : null}
    </>
  );
}
