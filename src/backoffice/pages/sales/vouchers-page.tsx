/** Vouchers (gift cards on sale; issue 20 item 3): the list with values and stock, and the form to add or change one. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoucherEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { errorText } from '../../error-text.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { vouchersQuery } from './sales-queries.ts';
import { VoucherForm } from './voucher-form.tsx';

const column = createColumnHelper<TableFeatures, VoucherEditorView>();

export default function VouchersPage() {
  const { t, i18n } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const money = useMoney();
  const vouchers = useQuery(vouchersQuery());
  const [editing, setEditing] = useState<VoucherEditorView | 'new' | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((row) => translate(row.texts, language, 'en').title ?? row.slug, { id: 'title', header: () => t('title') }),
        column.accessor('state', { header: () => t('state'), cell: (info) => t(`backoffice-catalogue:states.${info.getValue()}`) }),
        column.accessor(
          (row) =>
            row.values
              .map((value) =>
                value.availability === null
                  ? money.format(value.price)
                  : t('vouchers.valueStock', { price: money.format(value.price), count: value.availability }),
              )
              .join(', '),
          { id: 'values', header: () => t('vouchers.values') },
        ),
        column.accessor((row) => (row.validity_days === null ? t('vouchers.noExpiry') : t('days', { count: row.validity_days })), {
          id: 'validity',
          header: () => t('validity'),
        }),
        column.display({
          id: 'actions',
          header: () => t('actions'),
          cell: ({ row }) => (
            <button type="button" className="bo-button" onClick={() => setEditing(row.original)}>
              {t('editNamed', { name: translate(row.original.texts, language, 'en').title ?? row.original.slug })}
            </button>
          ),
        }),
      ]),
    [t, language, money],
  );
  const data = useMemo(() => vouchers.data ?? [], [vouchers.data]);

  return (
    <>
      <PageHeading title={t('vouchers.heading')}>{t('vouchers.heading')}</PageHeading>
      <button type="button" className="bo-button bo-button--primary" onClick={() => setEditing('new')}>
        {t('vouchers.new')}
      </button>
      <Notice notice={notice} />
      {vouchers.error ? <p role="alert">{errorText(t, vouchers.error)}</p> : null}
      {vouchers.data ? <DataTable caption={t('vouchers.caption', { count: data.length })} columns={columns} data={data} empty={t('vouchers.empty')} /> : null}
      {editing !== null ? (
        <VoucherForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          voucher={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            setNotice(saved ? { kind: 'ok', text: t('saved', { name: saved.slug }) } : null);
          }}
        />
      ) : null}
    </>
  );
}
