/**
 * A paid order as its return page and the link in its mail show it: what was bought, when (in the
 * organisation's timezone), who, total and fee, an order number to read out, where the tickets
 * went, an .ics file for the calendar, the rebook link where allowed, and the e-tickets.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { calendarFile } from '#domain/calendar-event.ts';
import type { PaidOrder as PaidOrderView } from '#domain/contracts/paid-order.ts';
import { formatVisit } from '#domain/date-text.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePaidOrder } from '../api/get-paid-order.ts';
import { ETickets } from './e-tickets.tsx';
import { OrderDocuments } from './order-documents.tsx';

function calendarHref(order: PaidOrderView): string | null {
  if (!order.plot) return null;
  const file = calendarFile(
    {
      uid: `${order.hash}@ticket-shop`,
      title: order.product.title,
      date: order.plot.date,
      start: order.plot.time.start,
      end: order.plot.time.end,
      timezone: order.timezone,
    },
    new Date(),
  );
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(file)}`;
}

function PaidOrderFacts({ order }: { order: PaidOrderView }) {
  const { t, i18n } = useTranslation('order-page');
  const money = (amount: number) => formatMoney(amount, order.currency, i18n.language);
  return (
    <dl className="checkout-return__facts">
      <dt>{t('number')}</dt>
      <dd className="paid-order__number">{order.order_number}</dd>
      <dt>{t('product')}</dt>
      <dd>{order.product.title}</dd>
      {order.plot ? (
        <>
          <dt>{t('when')}</dt>
          <dd>
            {order.plot.time.start
              ? formatVisit(order.plot.date, order.plot.time, i18n.language)
              : `${formatVisit(order.plot.date, order.plot.time, i18n.language)}, ${t('allDay')}`}
          </dd>
        </>
      ) : null}
      {order.lines.map((line, index) => (
        <div key={index} className="paid-order__line">
          <dt>{line.name}</dt>
          <dd>
            {line.quantity} × {money(line.price)}
          </dd>
        </div>
      ))}
      <dt>{t('customer')}</dt>
      <dd>
        {order.customer.first_name} {order.customer.last_name}
      </dd>
      {order.discount > 0 ? (
        <>
          <dt>{t('discount')}</dt>
          <dd>−{money(order.discount)}</dd>
        </>
      ) : null}
      <dt>{t('fee')}</dt>
      <dd>{money(order.fee)}</dd>
      <dt>{t('total')}</dt>
      <dd>
        <strong>{money(order.total)}</strong>
      </dd>
    </dl>
  );
}

export function PaidOrder({ hash }: { hash: string }) {
  const { t } = useTranslation('order-page');
  const query = usePaidOrder(hash);
  if (query.isError) return <Alert tone="danger">{t('loadFailed')}</Alert>;
  if (!query.data) return <Spinner label={t('loading')} />;
  const order = query.data;
  const ics = calendarHref(order);
  const rebook = order.rebooking_secret
    ? `/rebook/${encodeURIComponent(order.rebooking_secret)}?order=${order.order_number}&email=${encodeURIComponent(order.customer.email)}`
    : null;
  return (
    <div className="paid-order">
      <Alert tone="success">{t('sent', { email: order.customer.email })}</Alert>
      <PaidOrderFacts order={order} />
      <div className="paid-order__actions">
        {ics ? (
          <a className="button button--secondary" href={ics} download={`order-${order.order_number}.ics`}>
            {t('calendar')}
          </a>
        ) : null}
        {rebook ? (
          <Link className="button button--secondary" to={rebook}>
            {t('rebook')}
          </Link>
        ) : null}
      </div>
      <OrderDocuments hash={hash} />
      <ETickets order={order} />
    </div>
  );
}
