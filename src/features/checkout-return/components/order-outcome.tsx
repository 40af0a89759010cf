/** What the return page says for each order status (the statuses of `OrderStatusView`). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { OrderStatusView } from '#domain/contracts/orders.ts';
import { PaidOrder } from './paid-order.tsx';
import { ResumePaymentButton } from '../../../payments/resume/resume-payment-button.tsx';

/** Statuses after which the visitor has to start again (the cart was emptied when the order was sent). */
const UNSUCCESSFUL = new Set(['FAILED', 'CANCELLED', 'EXPIRED']);

export function OrderOutcome({ order }: { order: OrderStatusView }) {
  const { t } = useTranslation('checkout');
  const homeLink = (label: string) => (
    <Link className="button button--primary" to="/">
      {label}
    </Link>
  );

  if (order.status === 'PAID') {
    return (
      <>
        <Alert tone="success">{t('paid.message')}</Alert>
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
    return (
      <>
        <Alert tone="info">{t('refunded.message')}</Alert>
        {homeLink(t('home'))}
      </>
    );
  }
  const key = UNSUCCESSFUL.has(order.status) ? order.status.toLowerCase() : 'unknown';
  return (
    <>
      <Alert tone="danger">{t(`${key}.message`)}</Alert>
      <p>{t('tryAgain.hint')}</p>
      {homeLink(t('tryAgain.button'))}
    </>
  );
}
