/**
 * The refund requests inbox (issue 21 item 2): the FAQ form's requests with their status and the
 * order their number matches (linked); accept refunds through the desk's refund dialog, prefilled
 * to cancel with everything still refundable; decline mails the visitor in their language.
 */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RefundRequest } from '#domain/contracts/backoffice-orders.schema.ts';
import { deskOrderQuery } from '../../api/orders.ts';
import { acceptRefundRequest, refundRequestsQuery, useDeclineRefundRequest } from '../../api/refund-requests.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { ActionForm } from '../../ui/action-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { RefundDialog } from './refund-dialog.tsx';

const column = createColumnHelper<TableFeatures, RefundRequest>();

export default function RefundRequestsPage() {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const [status, setStatus] = useState<'' | RefundRequest['status']>('OPEN');
  const [accepting, setAccepting] = useState<RefundRequest | null>(null);
  const [declining, setDeclining] = useState<RefundRequest | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const format = useShopFormatting();
  const list = useQuery(refundRequestsQuery(status));

  const columns = useMemo(
    () => [
      column.accessor('created_at', { header: () => t('requests.received'), cell: (info) => info.getValue().slice(0, 10) }),
      column.accessor('email', {
        header: () => t('requests.visitor'),
        cell: (info) => `${info.row.original.first_name} ${info.row.original.last_name} · ${info.getValue()}`,
      }),
      column.accessor('order', {
        header: () => t('requests.order'),
        cell: (info) => {
          const order = info.getValue();
          if (!order) return t('requests.noOrder', { number: info.row.original.order_number });
          return (
            <>
              <Link className="bo-link" to={`/orders/${order.number}`}>
                {t('desk.orderLink', { number: order.number })}
              </Link>{' '}
              {t(`status.${order.status}`, { defaultValue: order.status })} · {format.money(order.total)}
              {order.same_email ? null : <> · {t('requests.otherEmail')}</>}
            </>
          );
        },
      }),
      column.accessor('comment', { header: () => t('requests.comment'), cell: (info) => info.getValue() ?? '' }),
      column.accessor('status', { header: () => t('requests.status'), cell: (info) => t(`requests.states.${info.getValue()}`) }),
      column.display({
        id: 'actions',
        header: () => t('requests.actions'),
        cell: (info) =>
          info.row.original.status === 'OPEN' ? (
            <div className="bo-actions">
              <button type="button" className="bo-button" disabled={!info.row.original.order} onClick={() => setAccepting(info.row.original)}>
                {t('requests.accept', { number: info.row.original.order_number })}
              </button>
              <button type="button" className="bo-button" onClick={() => setDeclining(info.row.original)}>
                {t('requests.decline', { number: info.row.original.order_number })}
              </button>
            </div>
          ) : null,
      }),
    ],
    [t, format],
  );
  const rows = useMemo(() => list.data?.requests ?? [], [list.data]);
  const decided = (text: string) => {
    setAccepting(null);
    setDeclining(null);
    setNotice({ kind: 'ok', text });
  };

  return (
    <>
      <PageHeading title={t('requests.title')}>{t('requests.title')}</PageHeading>
      <div className="bo-toolbar">
        <StackedField label={t('requests.show')}>
          {(props) => (
            <select {...props} value={status} onChange={(event) => setStatus(event.target.value as typeof status)}>
              <option value="">{t('desk.any')}</option>
              {(['OPEN', 'ACCEPTED', 'DECLINED'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`requests.states.${value}`)}
                </option>
              ))}
            </select>
          )}
        </StackedField>
      </div>
      <Notice notice={notice} />
      {list.error ? <p role="alert">{errorText(t, list.error)}</p> : null}
      {list.data ? (
        <DataTable
          caption={t('requests.caption', { count: rows.length })}
          columns={columns}
          data={rows}
          rowKey={(row) => String(row.id)}
          empty={t('requests.empty')}
        />
      ) : null}
      {accepting?.order ? <AcceptDialog request={accepting} orderNumber={accepting.order.number} onClose={() => setAccepting(null)} onDone={decided} /> : null}
      {declining ? <DeclineDialog request={declining} onClose={() => setDeclining(null)} onDone={decided} /> : null}
    </>
  );
}

function AcceptDialog({
  request,
  orderNumber,
  onClose,
  onDone,
}: {
  request: RefundRequest;
  orderNumber: number;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const order = useQuery(deskOrderQuery(orderNumber));
  const format = useShopFormatting();
  if (order.error) return <p role="alert">{errorText(t, order.error)}</p>;
  if (!order.data) return <p role="status">{t('order.loading')}</p>;
  return (
    <RefundDialog
      order={order.data}
      initial={{ cancel: true }}
      onClose={onClose}
      submit={acceptRefundRequest(request.id)}
      onDone={(answer) => onDone(t('requests.accepted', { amount: format.money(answer.refunded, order.data?.currency), number: orderNumber }))}
    />
  );
}

function DeclineDialog({ request, onClose, onDone }: { request: RefundRequest; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const [reply, setReply] = useState('');
  const decline = useDeclineRefundRequest(request.id, { onSuccess: () => onDone(t('requests.declined', { email: request.email })) });
  return (
    <Modal open title={t('requests.declineTitle', { number: request.order_number })} closeLabel={t('close')} onClose={onClose}>
      <ActionForm
        onSubmit={(event) => {
          event.preventDefault();
          decline.mutate(reply);
        }}
        error={decline.error}
        pending={decline.isPending}
        submitLabel={t('requests.sendDecline')}
        browserChecks
      >
        <StackedField label={t('requests.reply')} hint={t('requests.replyHint', { language: request.language })}>
          {(props) => <textarea {...props} maxLength={2000} value={reply} onChange={(event) => setReply(event.target.value)} />}
        </StackedField>
      </ActionForm>
    </Modal>
  );
}
