/** Subscriptions (passes; issue 20 item 3): the list and the form to add or change one. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionEditorView } from '#domain/backoffice/sales-editor.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { errorText } from '../../error-text.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { subscriptionsQuery } from './sales-queries.ts';
import { SubscriptionForm } from './subscription-form.tsx';

const column = createColumnHelper<TableFeatures, SubscriptionEditorView>();

export default function SubscriptionsPage() {
  const { t, i18n } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const money = useMoney();
  const subscriptions = useQuery(subscriptionsQuery());
  const [editing, setEditing] = useState<SubscriptionEditorView | 'new' | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((row) => translate(row.texts, language, 'en').title ?? row.slug, { id: 'title', header: () => t('title') }),
        column.accessor('type', { header: () => t('subscriptions.type'), cell: (info) => t(`subscriptions.types.${info.getValue()}`) }),
        column.accessor('state', { header: () => t('state'), cell: (info) => t(`backoffice-catalogue:states.${info.getValue()}`) }),
        column.accessor((row) => row.audiences.map((a) => money.format(a.price)).join(', '), { id: 'prices', header: () => t('subscriptions.prices') }),
        column.accessor((row) => (row.redemptions === -1 ? t('subscriptions.unlimited') : String(row.redemptions)), {
          id: 'redemptions',
          header: () => t('subscriptions.redemptions'),
        }),
        column.accessor((row) => t('days', { count: row.validity_days }), { id: 'validity', header: () => t('validity') }),
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
  const data = useMemo(() => subscriptions.data ?? [], [subscriptions.data]);

  return (
    <>
      <PageHeading title={t('subscriptions.heading')}>{t('subscriptions.heading')}</PageHeading>
      <button type="button" className="bo-button bo-button--primary" onClick={() => setEditing('new')}>
        {t('subscriptions.new')}
      </button>
      <Notice notice={notice} />
      {subscriptions.error ? <p role="alert">{errorText(t, subscriptions.error)}</p> : null}
      {subscriptions.data ? (
        <DataTable caption={t('subscriptions.caption', { count: data.length })} columns={columns} data={data} empty={t('subscriptions.empty')} />
      ) : null}
      {editing !== null ? (
        <SubscriptionForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          subscription={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            setNotice(saved ? { kind: 'ok', text: t('saved', { name: saved.slug }) } : null);
          }}
        />
      ) : null}
    </>
  );
}
