/** Coupons (issue 20 item 3): the list with their uses, a use list per coupon (the orders desk's), and the form to add or change one. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponEditorView } from '#domain/backoffice/sales-editor.ts';
import { formattingLocale } from '#domain/languages.ts';
import { boApi } from '../../api.ts';
import { errorText } from '../../error-text.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { CouponForm } from './coupon-form.tsx';
import { couponsQuery } from './sales-queries.ts';

const column = createColumnHelper<TableFeatures, CouponEditorView>();

interface CouponUses {
  code: string;
  used: number;
  limit: number | null;
  uses: { order_number: number; status: string; email: string; discount: number; given_back: boolean; at: string }[];
}

export default function CouponsPage() {
  const { t, i18n } = useTranslation('backoffice-sales');
  const money = useMoney();
  const coupons = useQuery(couponsQuery());
  const [editing, setEditing] = useState<CouponEditorView | 'new' | null>(null);
  const [usesOf, setUsesOf] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const uses = useQuery({
    queryKey: ['backoffice', 'sales', 'coupon-uses', usesOf],
    enabled: usesOf !== null,
    queryFn: () => boApi.get<CouponUses>(`/coupons/${encodeURIComponent(usesOf ?? '')}/uses`),
  });
  const dates = useMemo(() => new Intl.DateTimeFormat(formattingLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('code', { header: () => t('coupons.code') }),
        column.accessor((row) => (row.discount_type === 'PERCENTAGE' ? t('coupons.percent', { value: row.value }) : money.format(row.value)), {
          id: 'discount',
          header: () => t('coupons.discount'),
        }),
        column.accessor((row) => (row.usage_limit === null ? t('coupons.usesUnlimited', { used: row.used_count }) : `${row.used_count} / ${row.usage_limit}`), {
          id: 'uses',
          header: () => t('coupons.uses'),
        }),
        column.accessor(
          (row) =>
            row.valid_from || row.valid_until
              ? `${row.valid_from ? dates.format(new Date(row.valid_from)) : '…'} – ${row.valid_until ? dates.format(new Date(row.valid_until)) : '…'}`
              : t('coupons.always'),
          { id: 'validity', header: () => t('coupons.validity') },
        ),
        column.display({
          id: 'actions',
          header: () => t('actions'),
          cell: ({ row }) => (
            <div className="bo-row-actions">
              <button type="button" className="bo-button" onClick={() => setEditing(row.original)}>
                {t('editNamed', { name: row.original.code })}
              </button>
              <button type="button" className="bo-button" onClick={() => setUsesOf(row.original.code)}>
                {t('coupons.showUses', { name: row.original.code })}
              </button>
            </div>
          ),
        }),
      ]),
    [t, money, dates],
  );
  const data = useMemo(() => coupons.data ?? [], [coupons.data]);

  return (
    <>
      <PageHeading title={t('coupons.heading')}>{t('coupons.heading')}</PageHeading>
      <p className="bo-hint">{t('coupons.signInNote')}</p>
      <button type="button" className="bo-button bo-button--primary" onClick={() => setEditing('new')}>
        {t('coupons.new')}
      </button>
      <Notice notice={notice} />
      {coupons.error ? <p role="alert">{errorText(t, coupons.error)}</p> : null}
      {coupons.data ? <DataTable caption={t('coupons.caption', { count: data.length })} columns={columns} data={data} empty={t('coupons.empty')} /> : null}
      {usesOf !== null ? (
        <section aria-labelledby="coupon-uses-heading">
          <h2 id="coupon-uses-heading">{t('coupons.usesHeading', { code: usesOf })}</h2>
          {uses.error ? <p role="alert">{errorText(t, uses.error)}</p> : null}
          {uses.data ? (
            uses.data.uses.length === 0 ? (
              <p>{t('coupons.noUses')}</p>
            ) : (
              <ul>
                {uses.data.uses.map((use) => (
                  <li key={`${use.order_number}-${use.at}`}>
                    {t('coupons.useLine', { number: use.order_number, email: use.email, discount: money.format(use.discount) })}
                    {use.given_back ? ` (${t('coupons.givenBack')})` : null}
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </section>
      ) : null}
      {editing !== null ? (
        <CouponForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          coupon={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            setNotice(saved ? { kind: 'ok', text: t('saved', { name: saved.code }) } : null);
          }}
        />
      ) : null}
    </>
  );
}
