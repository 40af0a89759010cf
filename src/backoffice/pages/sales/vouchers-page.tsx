/** Vouchers (gift cards on sale; issue 20 item 3): the list with values and stock, and the form to add or change one. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { VoucherEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { vouchersQuery } from '../../api/vouchers.ts';
import type { TableFeatures } from '../../ui/data-table.tsx';
import { RecordsPage } from '../../ui/record-editor.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { VoucherForm } from './voucher-form.tsx';

const column = createColumnHelper<TableFeatures, VoucherEditorView>();

export default function VouchersPage() {
  const { t, i18n } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const format = useShopFormatting();
  const vouchers = useQuery(vouchersQuery());

  const columns = column.columns([
    column.accessor((row) => translate(row.texts, language, 'en').title ?? row.slug, { id: 'title', header: () => t('title') }),
    column.accessor('state', { header: () => t('state'), cell: (info) => t(`backoffice-catalogue:states.${info.getValue()}`) }),
    column.accessor(
      (row) =>
        row.values
          .map((value) =>
            value.availability === null ? format.money(value.price) : t('vouchers.valueStock', { price: format.money(value.price), count: value.availability }),
          )
          .join(', '),
      { id: 'values', header: () => t('vouchers.values') },
    ),
    column.accessor((row) => (row.validity_days === null ? t('vouchers.noExpiry') : t('days', { count: row.validity_days })), {
      id: 'validity',
      header: () => t('validity'),
    }),
  ]);

  return (
    <RecordsPage<VoucherEditorView>
      heading={t('vouchers.heading')}
      addLabel={t('vouchers.new')}
      error={vouchers.error}
      form={(voucher, close) => (
        <VoucherForm voucher={voucher} onDone={(saved) => close(saved ? { kind: 'ok', text: t('saved', { name: saved.slug }) } : null)} />
      )}
      table={{
        rows: vouchers.data,
        caption: (count) => t('vouchers.caption', { count }),
        columns,
        empty: t('vouchers.empty'),
        editLabel: (row) => t('editNamed', { name: translate(row.texts, language, 'en').title ?? row.slug }),
      }}
    />
  );
}
