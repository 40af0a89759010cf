/** Coupons (issue 20 item 3): the list with their uses, a use list per coupon (the orders desk's), and the form to add or change one. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponEditorView } from '#domain/backoffice/sales-editor.ts';
import { errorText } from '../../../lib/error-message.ts';
import { couponsQuery, couponUsesQuery } from '../../api/coupons.ts';
import type { TableFeatures } from '../../ui/data-table.tsx';
import { RecordsPage } from '../../ui/record-editor.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { CouponForm } from './coupon-form.tsx';

const column = createColumnHelper<TableFeatures, CouponEditorView>();

export default function CouponsPage() {
  const { t } = useTranslation('backoffice-sales');
  const format = useShopFormatting();
  const coupons = useQuery(couponsQuery());
  const [usesOf, setUsesOf] = useState<string | null>(null);
  const uses = useQuery(couponUsesQuery(usesOf ?? ''));

  const columns = column.columns([
    column.accessor('code', { header: () => t('coupons.code') }),
    column.accessor((row) => (row.discount_type === 'PERCENTAGE' ? t('coupons.percent', { value: row.value }) : format.money(row.value)), {
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
          ? `${row.valid_from ? format.dateTime(row.valid_from) : '…'} – ${row.valid_until ? format.dateTime(row.valid_until) : '…'}`
          : t('coupons.always'),
      { id: 'validity', header: () => t('coupons.validity') },
    ),
  ]);

  return (
    <RecordsPage<CouponEditorView>
      heading={t('coupons.heading')}
      intro={<p className="bo-hint">{t('coupons.signInNote')}</p>}
      addLabel={t('coupons.new')}
      error={coupons.error}
      table={{
        rows: coupons.data,
        caption: (count) => t('coupons.caption', { count }),
        columns,
        empty: t('coupons.empty'),
        editLabel: (row) => t('editNamed', { name: row.code }),
        actions: (row) => (
          <button type="button" className="bo-button" onClick={() => setUsesOf(row.code)}>
            {t('coupons.showUses', { name: row.code })}
          </button>
        ),
      }}
      form={(coupon, close) => <CouponForm coupon={coupon} onDone={(saved) => close(saved ? { kind: 'ok', text: t('saved', { name: saved.code }) } : null)} />}
    >
      {() =>
        usesOf !== null ? (
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
                      {t('coupons.useLine', { number: use.order_number, email: use.email, discount: format.money(use.discount) })}
                      {use.given_back ? ` (${t('coupons.givenBack')})` : null}
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </section>
        ) : null
      }
    </RecordsPage>
  );
}
