/** The read-only parts of an order's page: lines, customer, payment and refunds, tickets, mails, timeline. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Fragment, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskOrder } from '#domain/contracts/backoffice-orders.schema.ts';
import { HistoryChange } from '../../../components/order-history.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { customerFieldsQuery } from '../../api/orders.ts';

type Line = DeskOrder['lines'][number];
type Refund = DeskOrder['refunds'][number];
type Ticket = DeskOrder['tickets'][number];
type Mail = DeskOrder['mails'][number];
const lineColumn = createColumnHelper<TableFeatures, Line>();
const refundColumn = createColumnHelper<TableFeatures, Refund>();
const ticketColumn = createColumnHelper<TableFeatures, Ticket>();
const mailColumn = createColumnHelper<TableFeatures, Mail>();

export function OrderSections({ order }: { order: DeskOrder }) {
  const { t, i18n } = useTranslation(['backoffice-orders', 'backoffice']);
  const format = useShopFormatting();
  // A line the server could not name (a kind of line, upper case) is said by its kind.
  const lineName = useCallback((line: Line) => (line.name === line.kind ? t(`lines.kinds.${line.kind}`, { defaultValue: line.name }) : line.name), [t]);
  // The shop's own fields by their labels (the stored keys until they are loaded).
  const shopFields = useQuery(customerFieldsQuery(order.number));
  const labelOf = (name: string) => shopFields.data?.fields.find((field) => field.name === name)?.label ?? name;
  const at = useCallback((value: string | null) => (value ? format.dateTime(value) : '—'), [format]);

  const lineColumns = useMemo(
    () => [
      lineColumn.accessor('name', { header: () => t('lines.name'), cell: (info) => lineName(info.row.original) }),
      lineColumn.accessor('quantity', { header: () => t('lines.quantity') }),
      lineColumn.accessor('price', { header: () => t('lines.price'), cell: (info) => format.money(info.getValue(), order.currency) }),
    ],
    [t, format, order.currency, lineName],
  );
  const refundColumns = useMemo(
    () => [
      refundColumn.accessor('created_at', { header: () => t('refunds.at'), cell: (info) => at(info.getValue()) }),
      refundColumn.accessor('amount', { header: () => t('refunds.amount'), cell: (info) => format.money(info.getValue(), order.currency) }),
      refundColumn.accessor('status', { header: () => t('refunds.status'), cell: (info) => t(`refunds.${info.getValue()}`) }),
      refundColumn.accessor('reason', { header: () => t('refunds.reason') }),
      refundColumn.accessor('provider_reference', { header: () => t('refunds.reference'), cell: (info) => info.getValue() ?? '—' }),
    ],
    [t, format, order.currency, at],
  );
  const ticketColumns = useMemo(
    () => [
      ticketColumn.accessor('position', { header: () => t('tickets.position'), cell: (info) => t('tickets.ticket', { position: info.getValue() }) }),
      ticketColumn.accessor('used_at', { header: () => t('tickets.checkedIn'), cell: (info) => at(info.getValue()) }),
      ticketColumn.accessor('refunded_at', {
        header: () => t('tickets.state'),
        cell: (info) => (info.getValue() ? t('tickets.refunded', { at: at(info.getValue()) }) : t('tickets.valid')),
      }),
    ],
    [t, at],
  );
  const mailColumns = useMemo(
    () => [
      mailColumn.accessor('subject', { header: () => t('mails.subject') }),
      mailColumn.accessor('created_at', { header: () => t('mails.queued'), cell: (info) => at(info.getValue()) }),
      mailColumn.accessor('sent_at', { header: () => t('mails.sent'), cell: (info) => at(info.getValue()) }),
    ],
    [t, at],
  );
  const customer = order.customer;
  const linesText = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    order.lines.filter((line) => line.quantity > 0).map((line) => t('lines.times', { quantity: line.quantity, name: lineName(line) })),
  );

  return (
    <>
      <section className="bo-section" aria-labelledby="order-lines">
        <h2 id="order-lines">{t('lines.title')}</h2>
        <DataTable caption={t('lines.caption')} columns={lineColumns} data={order.lines} empty={t('lines.empty')} />
        <dl className="bo-details">
          <dt>{t('lines.subtotal')}</dt>
          <dd>{format.money(order.subtotal, order.currency)}</dd>
          <dt>{t('lines.discount')}</dt>
          <dd>
            {format.money(order.discount, order.currency)} {order.coupon_codes.length > 0 ? `(${order.coupon_codes.join(', ')})` : ''}
          </dd>
          <dt>{t('lines.fee')}</dt>
          <dd>{format.money(order.fee, order.currency)}</dd>
          <dt>{t('lines.total')}</dt>
          <dd>{format.money(order.total, order.currency)}</dd>
        </dl>
      </section>
      <section className="bo-section" aria-labelledby="order-customer">
        <h2 id="order-customer">{t('customerSection.title')}</h2>
        <dl className="bo-details">
          <dt>{t('customerSection.name')}</dt>
          <dd>{`${customer.first_name} ${customer.last_name}`.trim()}</dd>
          <dt>{t('customerSection.email')}</dt>
          <dd>{customer.email}</dd>
          {customer.company ? (
            <>
              <dt>{t('customerSection.company')}</dt>
              <dd>{[customer.company, customer.vat_id].filter(Boolean).join(' · ')}</dd>
            </>
          ) : null}
          {customer.address || customer.city ? (
            <>
              <dt>{t('customerSection.address')}</dt>
              <dd>{[customer.address, customer.zipcode, customer.city].filter(Boolean).join(', ')}</dd>
            </>
          ) : null}
          {Object.entries(customer.fields)
            .filter(([, value]) => value !== null && value !== '')
            .map(([name, value]) => (
              <Fragment key={name}>
                <dt>{labelOf(name)}</dt>
                <dd>{typeof value === 'boolean' ? (value ? t('yes') : t('no')) : String(value)}</dd>
              </Fragment>
            ))}
        </dl>
      </section>
      <section className="bo-section" aria-labelledby="order-payment">
        <h2 id="order-payment">{t('paymentSection.title')}</h2>
        {order.payment ? (
          <p>
            {t('paymentSection.summary', {
              gateway: order.payment.gateway,
              status: t(`payment.${order.payment.status}`),
              amount: format.money(order.payment.amount, order.currency),
            })}
            {order.payment.provider_reference ? ` · ${order.payment.provider_reference}` : ''}
          </p>
        ) : (
          <p>{t('paymentSection.none')}</p>
        )}
        <DataTable caption={t('refunds.caption', { count: order.refunds.length })} columns={refundColumns} data={order.refunds} empty={t('refunds.empty')} />
      </section>
      <section className="bo-section" aria-labelledby="order-tickets">
        <h2 id="order-tickets">{t('tickets.title')}</h2>
        <DataTable
          caption={t('tickets.caption', { count: order.tickets.length })}
          columns={ticketColumns}
          data={order.tickets}
          rowKey={(row) => String(row.position)}
          empty={t('tickets.empty')}
        />
      </section>
      <section className="bo-section" aria-labelledby="order-mails">
        <h2 id="order-mails">{t('mails.title')}</h2>
        <DataTable caption={t('mails.caption', { count: order.mails.length })} columns={mailColumns} data={order.mails} empty={t('mails.empty')} />
      </section>
      <section className="bo-section" aria-labelledby="order-timeline">
        <h2 id="order-timeline">{t('timeline.title')}</h2>
        <ol className="bo-timeline order-history">
          {order.timeline.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{at(entry.at)}</time>
              {' — '}
              {entry.kind === 'change' ? (
                <HistoryChange entry={entry.change} audience="staff" lines={linesText} />
              ) : entry.kind === 'refund' ? (
                t(entry.status === 'done' ? 'timeline.refundDone' : 'timeline.refundFailed', { amount: format.money(entry.amount, order.currency) })
              ) : entry.kind === 'mail' ? (
                t(entry.sent ? 'timeline.mailSent' : 'timeline.mailWaiting', { subject: entry.subject })
              ) : (
                t('timeline.checkIn', { position: entry.position })
              )}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
