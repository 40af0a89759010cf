/**
 * The subscription summary (spec section 2): title, audience lines, upsells, subtotal, discount,
 * additions, total (0 when on invoice), the coupon, the pay button and the captcha modal. Every
 * amount is the server's simulation; nothing is priced here. A failed order opens the shared
 * order-failed modal (spec section 8), as products and vouchers do.
 */
import { useTranslation } from 'react-i18next';
import { CaptchaModal } from '../../../components/captcha/captcha-modal.tsx';
import { OrderFailedModal } from '../../../components/order-failed-modal.tsx';
import type { Subscription } from '#domain/contracts/catalogue.ts';
import type { SubscriptionOrderResponse } from '#domain/contracts/subscription-order.ts';
import { orderCustomer } from '#domain/order/order-customer.ts';
import { shownTotal } from '#domain/order/totals.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';
import type { SubscriptionChoice } from '../api/simulate-subscription.ts';
import { useSubscriptionOrderStore } from '../store.ts';
import { usePlaceSubscription } from '../use-place-subscription.ts';
import { useSubscriptionCustomer } from '../use-subscription-customer.ts';
import { CouponField } from './coupon-field.tsx';

export interface SubscriptionSummaryProps {
  subscription: Subscription;
  choice: SubscriptionChoice;
  priced: SubscriptionOrderResponse['response'] | undefined;
  canPay: boolean;
}

export function SubscriptionSummary({ subscription, choice, priced, canPay }: SubscriptionSummaryProps) {
  const { t, i18n } = useTranslation('subscription');
  const { currency } = useOrganisation();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const details = useSubscriptionCustomer(subscription);
  const state = useSubscriptionOrderStore();
  const { place, isPending, captcha } = usePlaceSubscription();
  const prices = priced?.subscription.prices;
  const total = priced ? shownTotal('SUBSCRIPTION', priced.subscription.amount, priced.invoice) : null;

  const pay = () => {
    if (!details.ready) return state.payBlockedByForm();
    place({
      request: {
        ...choice,
        customer: {
          ...orderCustomer(details.values, details.companyTicked, details.allowBusiness, details.client),
          password: details.client ? null : state.password,
        },
        passes: details.passes,
      },
    });
  };

  return (
    <aside className="subscription-summary stack" aria-label={t('summary.title')}>
      <h2>{subscription.title}</h2>
      <ul>
        {subscription.audiences.flatMap((audience) => {
          const count = choice.audiences?.[String(audience.id)]?.quantity ?? 0;
          return count > 0 ? [<li key={audience.id}>{t('summary.pass', { count, audience: audience.name })}</li>] : [];
        })}
        {subscription.upsells.flatMap((upsell) => {
          const count = choice.upsells?.[String(upsell.id)]?.quantity ?? 0;
          return count > 0 ? [<li key={`u${upsell.id}`}>{`${count} × ${upsell.title}`}</li>] : [];
        })}
      </ul>
      {prices ? (
        <dl className="subscription-summary__prices">
          <dt>{t('summary.subtotal')}</dt>
          <dd>{money(prices.subtotal)}</dd>
          {prices.discount > 0 ? (
            <>
              <dt>{t('summary.discount')}</dt>
              <dd>−{money(prices.discount)}</dd>
            </>
          ) : null}
          {prices.additions > 0 ? (
            <>
              <dt>{t('summary.additions')}</dt>
              <dd>{money(prices.additions)}</dd>
            </>
          ) : null}
          <dt>{t('summary.total')}</dt>
          <dd data-testid="subscription-total">{money(total ?? 0)}</dd>
        </dl>
      ) : null}
      <CouponField subscriptionId={subscription.id} />
      {/* A new account works once its address is confirmed: the link comes by e-mail after ordering. */}
      {!details.client && details.values.email ? <p className="text-small">{t('summary.confirmEmail', { email: details.values.email })}</p> : null}
      {canPay ? (
        <button type="button" className="button button--primary button--block" disabled={isPending || state.phase === 'paying'} onClick={pay}>
          {total !== null && total > 0 ? t('summary.pay', { total: money(total) }) : t('summary.confirm')}
        </button>
      ) : null}
      <OrderFailedModal failure={state.failure} onDismiss={state.failureDismissed} />
      <CaptchaModal {...captcha} />
    </aside>
  );
}
