/**
 * An order's page (issue 21 item 1): its lines, customer, payment and refunds, mails, tickets with
 * their check-ins and a timeline, and the desk's actions — resend the confirmation, change the
 * customer, move, refund or cancel, mark an invoice paid — each announced when done (or refused).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { DeskOrder } from '#domain/contracts/backoffice-orders.schema.ts';
import { deskOrderQuery, useOrderAction } from '../../api/orders.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { CustomerDialog } from './customer-dialog.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { OrderSections } from './order-sections.tsx';
import { RefundDialog } from './refund-dialog.tsx';

type Open = 'refund' | 'cancel' | 'move' | 'customer' | null;

export default function OrderPage() {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const number = Number(useParams().number);
  const order = useQuery({ ...deskOrderQuery(number), enabled: Number.isSafeInteger(number) && number > 0 });
  const title = t('order.title', { number });
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <p>
        <Link className="bo-link" to="/orders">
          {t('order.back')}
        </Link>
      </p>
      {order.error ? <p role="alert">{errorText(t, order.error)}</p> : null}
      {order.isPending ? <p role="status">{t('order.loading')}</p> : null}
      {order.data ? <OrderDesk order={order.data} /> : null}
    </>
  );
}

function OrderDesk({ order }: { order: DeskOrder }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const format = useShopFormatting();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const done = (text: string) => {
    setOpen(null);
    setNotice({ kind: 'ok', text });
  };
  const action = useOrderAction(order.number, {
    onSuccess: (_answer, what) => {
      setNotice({ kind: 'ok', text: what === 'resend' ? t('order.resent', { email: order.customer.email }) : t('order.invoicePaid') });
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const kept = order.status === 'PAID' || order.status === 'RESERVED';

  return (
    <>
      <dl className="bo-details">
        <dt>{t('order.status')}</dt>
        <dd>{t(`status.${order.status}`)}</dd>
        <dt>{t('order.created')}</dt>
        <dd>{format.dateTime(order.created_at)}</dd>
        <dt>{t('order.product')}</dt>
        <dd>{order.product?.title ?? t(`kind.${order.kind}`, { defaultValue: order.kind })}</dd>
        {order.plot ? (
          <>
            <dt>{t('order.slot')}</dt>
            <dd>{[order.plot.date, order.plot.start].filter(Boolean).join(' ')}</dd>
          </>
        ) : null}
        <dt>{t('order.quantity')}</dt>
        <dd>{order.quantity}</dd>
        <dt>{t('order.total')}</dt>
        <dd>{format.money(order.total, order.currency)}</dd>
        <dt>{t('order.refundable')}</dt>
        <dd>{format.money(order.refundable, order.currency)}</dd>
        {order.invoice ? (
          <>
            <dt>{t('order.invoice')}</dt>
            <dd>{order.invoice_paid_at ? t('order.invoicePaidAt', { at: format.dateTime(order.invoice_paid_at) }) : t('order.invoiceOpen')}</dd>
          </>
        ) : null}
      </dl>
      <div className="bo-actions">
        <button type="button" className="bo-button" disabled={!kept || action.isPending} onClick={() => action.mutate('resend')}>
          {t('order.resend')}
        </button>
        <button type="button" className="bo-button" onClick={() => setOpen('customer')}>
          {t('order.changeCustomer')}
        </button>
        {order.plot ? (
          <button type="button" className="bo-button" disabled={!kept} onClick={() => setOpen('move')}>
            {t('order.move')}
          </button>
        ) : null}
        <button type="button" className="bo-button" disabled={order.status !== 'PAID'} onClick={() => setOpen('refund')}>
          {t('order.refund')}
        </button>
        <button type="button" className="bo-button" disabled={order.status !== 'PAID'} onClick={() => setOpen('cancel')}>
          {t('order.cancel')}
        </button>
        {order.invoice && !order.invoice_paid_at ? (
          <button type="button" className="bo-button" disabled={action.isPending} onClick={() => action.mutate('invoice-paid')}>
            {t('order.markInvoicePaid')}
          </button>
        ) : null}
      </div>
      <Notice notice={notice} />
      {open === 'refund' || open === 'cancel' ? (
        <RefundDialog
          order={order}
          initial={{ cancel: open === 'cancel' }}
          onClose={() => setOpen(null)}
          onDone={(answer) =>
            done(
              answer.done
                ? t('order.refunded', { amount: format.money(answer.refunded, order.currency), status: t(`status.${answer.status}`) })
                : t('order.refundRepeated', { amount: format.money(answer.refunded, order.currency) }),
            )
          }
        />
      ) : null}
      {open === 'move' ? (
        <MoveDialog
          order={order}
          onClose={() => setOpen(null)}
          onDone={(plan) => done(t('order.moved', { difference: format.money(plan.difference, order.currency) }))}
        />
      ) : null}
      {open === 'customer' ? <CustomerDialog order={order} onClose={() => setOpen(null)} onDone={() => done(t('order.customerSaved'))} /> : null}
      <OrderSections order={order} />
    </>
  );
}
