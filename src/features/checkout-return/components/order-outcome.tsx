/**
 * What the return page says for each order status (the statuses of `OrderStatusView`), and why:
 * a refunded or cancelled order says what its history says happened (the box office cancelled it,
 * a refund request was accepted, a payment came too late), and what happened since it was placed
 * is listed in words.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { OrderHistory } from '../../../components/order-history.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';
import type { HistoryEntry } from '#domain/contracts/order-history.schema.ts';
import type { OrderStatusView } from '#domain/contracts/orders.ts';
import { PaidOrder } from './paid-order.tsx';
import { ResumePaymentButton } from '../../../payments/resume/resume-payment-button.tsx';

/** Statuses after which the visitor has to start again (the cart was emptied when the order was sent). */
const UNSUCCESSFUL = new Set(['FAILED', 'CANCELLED', 'EXPIRED']);

/** The entries that end an order by the shop's hand or give money back, the last one deciding what the page says. */
const ENDINGS = new Set<HistoryEntry['event']>(['late_payment_refunded', 'refunded', 'cancelled', 'refund_request_accepted', 'refunded_by_provider']);

/** The changes since the order was placed, listed under what the page says (nothing when there are none). */
function Changes({ history }: { history: readonly HistoryEntry[] }) {
  const { t } = useTranslation('checkout');
  const { timezone } = useOrganisation();
  const changes = history.filter((entry) => entry.event !== 'placed' && entry.event !== 'paid');
  if (changes.length === 0) return null;
  return (
    <section className="checkout-return__history" aria-labelledby="order-history-title">
      <h2 id="order-history-title">{t('history.title')}</h2>
      <OrderHistory entries={changes} audience="shopper" timezone={timezone} />
    </section>
  );
}

export function OrderOutcome({ order }: { order: OrderStatusView }) {
  const { t, i18n } = useTranslation(['checkout', 'history']);
  const ending = order.history.findLast((entry) => ENDINGS.has(entry.event));
  const refundedByShop = order.history.filter((entry) => entry.event === 'refunded' || entry.event === 'refund_request_accepted');
  const refundedCents = refundedByShop.reduce((sum, entry) => sum + Math.round((entry.amount ?? 0) * 100), 0);
  const homeLink = (label: string) => (
    <Link className="button button--primary" to="/">
      {label}
    </Link>
  );

  if (order.status === 'PAID') {
    return (
      <>
        {/* An order on invoice is confirmed with nothing paid online: it must not say a payment was received. */}
        <Alert tone="success">{order.payment?.gateway === 'invoice' ? t('paid.invoice') : t('paid.message')}</Alert>
        <Changes history={order.history} />
        <PaidOrder hash={order.hash} />
        {homeLink(t('home'))}
      </>
    );
  }
  if (order.status === 'PENDING') {
    return (
      <div className="checkout-return__pending">
        <Spinner label={t('pending.progress')} />
        <p>{t('pending.message')}</p>
        <p className="text-muted text-small">{t('pending.hint')}</p>
        <p>{t('pending.resumeHint')}</p>
        <ResumePaymentButton hash={order.hash} label={t('pending.resume')} busyLabel={t('pending.resuming')} />
      </div>
    );
  }
  if (order.status === 'REFUNDED') {
    const method = ending?.method;
    return (
      <>
        <Alert tone="info">
          {ending?.event === 'late_payment_refunded' || !ending
            ? t('refunded.message')
            : t('refunded.byShop', {
                amount: formatMoney(refundedCents / 100, ending.currency ?? 'EUR', i18n.language),
                method: t(`history:method.${method === 'stripe' || method === 'paypal' || method === 'test' ? method : 'other'}`),
              })}
        </Alert>
        <Changes history={order.history} />
        {homeLink(t('home'))}
      </>
    );
  }
  // Cancelled by the shop (not by the visitor at the payment page): said so, nothing to try again.
  if (order.status === 'CANCELLED' && ending?.event === 'cancelled' && ending.actor.kind !== 'shopper') {
    return (
      <>
        <Alert tone="info">{t('cancelled.byShop')}</Alert>
        <Changes history={order.history} />
        {homeLink(t('home'))}
      </>
    );
  }
  const key = UNSUCCESSFUL.has(order.status) ? order.status.toLowerCase() : 'unknown';
  return (
    <>
      <Alert tone="danger">{t(`${key}.message`)}</Alert>
      <Changes history={order.history} />
      <p>{t('tryAgain.hint')}</p>
      {homeLink(t('tryAgain.button'))}
    </>
  );
}
