/** Subscriptions (passes; issue 20 item 3): the list and the form to add or change one. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { SubscriptionEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { subscriptionsQuery } from '../../api/subscriptions.ts';
import type { TableFeatures } from '../../ui/data-table.tsx';
import { RecordsPage } from '../../ui/record-editor.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { SubscriptionForm } from './subscription-form.tsx';

const column = createColumnHelper<TableFeatures, SubscriptionEditorView>();

export default function SubscriptionsPage() {
  const { t, i18n } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const format = useShopFormatting();
  const subscriptions = useQuery(subscriptionsQuery());

  const columns = column.columns([
    column.accessor((row) => translate(row.texts, language, 'en').title ?? row.slug, { id: 'title', header: () => t('title') }),
    column.accessor('type', { header: () => t('subscriptions.type'), cell: (info) => t(`subscriptions.types.${info.getValue()}`) }),
    column.accessor('state', { header: () => t('state'), cell: (info) => t(`backoffice-catalogue:states.${info.getValue()}`) }),
    column.accessor((row) => row.audiences.map((a) => format.money(a.price)).join(', '), { id: 'prices', header: () => t('subscriptions.prices') }),
    column.accessor((row) => (row.redemptions === -1 ? t('subscriptions.unlimited') : String(row.redemptions)), {
      id: 'redemptions',
      header: () => t('subscriptions.redemptions'),
    }),
    column.accessor((row) => t('days', { count: row.validity_days }), { id: 'validity', header: () => t('validity') }),
  ]);

  return (
    <RecordsPage<SubscriptionEditorView>
      heading={t('subscriptions.heading')}
      addLabel={t('subscriptions.new')}
      error={subscriptions.error}
      form={(subscription, close) => (
        <SubscriptionForm subscription={subscription} onDone={(saved) => close(saved ? { kind: 'ok', text: t('saved', { name: saved.slug }) } : null)} />
      )}
      table={{
        rows: subscriptions.data,
        caption: (count) => t('subscriptions.caption', { count }),
        columns,
        empty: t('subscriptions.empty'),
        editLabel: (row) => t('editNamed', { name: translate(row.texts, language, 'en').title ?? row.slug }),
      }}
    />
  );
}
