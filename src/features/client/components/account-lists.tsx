/** The account page's lists: reservations and orders, passes with their renewal, gift cards with their balance. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Account } from '#domain/contracts/client.ts';
import { formatDay } from '#domain/date-text.ts';
import { formatMoney } from '../../../lib/format.ts';

type Order = Account['orders'][number];

function OrderItem({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('client');
  const when = order.date ? `${formatDay(order.date, i18n.language)}${order.start_time ? `, ${order.start_time}` : ''}` : null;
  const to = order.status === 'RESERVED' ? `/reservation/${order.hash}` : `/checkout/return/${order.hash}`;
  return (
    <li className="account-item">
      <Link to={to}>{t('account.orderTitle', { number: order.number, title: order.title })}</Link>
      <span>
        {[
          when,
          order.quantity > 0 ? t('account.tickets', { count: order.quantity }) : null,
          formatMoney(order.total, order.currency, i18n.language),
          t(`account.status.${order.status}`),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </li>
  );
}

export function AccountLists({ account, currency }: { account: Account; currency: string }) {
  const { t, i18n } = useTranslation('client');
  const reservations = account.orders.filter((order) => order.status === 'RESERVED');
  const others = account.orders.filter((order) => order.status !== 'RESERVED');
  return (
    <>
      <section className="stack" aria-labelledby="account-reservations">
        <h2 id="account-reservations">{t('account.reservations', { count: reservations.length })}</h2>
        {reservations.length === 0 ? (
          <p className="text-muted">{t('account.noReservations')}</p>
        ) : (
          <ul className="account-list">
            {reservations.map((order) => (
              <OrderItem key={order.hash} order={order} />
            ))}
          </ul>
        )}
      </section>
      <section className="stack" aria-labelledby="account-orders">
        <h2 id="account-orders">{t('account.orders', { count: others.length })}</h2>
        {others.length === 0 ? (
          <p className="text-muted">{t('account.noOrders')}</p>
        ) : (
          <ul className="account-list">
            {others.map((order) => (
              <OrderItem key={order.hash} order={order} />
            ))}
          </ul>
        )}
      </section>
      <section className="stack" aria-labelledby="account-passes">
        <h2 id="account-passes">{t('account.passes', { count: account.passes.length })}</h2>
        {account.passes.length === 0 ? (
          <p className="text-muted">{t('account.noPasses')}</p>
        ) : (
          <ul className="account-list">
            {account.passes.map((pass) => (
              <li key={pass.id} className="account-item">
                <strong>{pass.title}</strong>
                <span>
                  {[
                    pass.expiration ? t('account.validUntil', { date: formatDay(pass.expiration, i18n.language) }) : t('account.noExpiry'),
                    pass.available_redemptions >= 0 ? t('account.redemptionsLeft', { count: pass.available_redemptions }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {pass.renewal_hash ? (
                  <Link className="button button--secondary button--small" to={`/renew/${pass.renewal_hash}`}>
                    {t('account.renew', { title: pass.title })}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="stack" aria-labelledby="account-gift-cards">
        <h2 id="account-gift-cards">{t('account.giftCards', { count: account.gift_cards.length })}</h2>
        {account.gift_cards.length === 0 ? (
          <p className="text-muted">{t('account.noGiftCards')}</p>
        ) : (
          <ul className="account-list">
            {account.gift_cards.map((card) => (
              <li key={card.code} className="account-item">
                <strong className="account-item__code">{card.code}</strong>
                <span>
                  {[
                    t('account.balance', { amount: formatMoney(card.balance, currency, i18n.language) }),
                    card.expiration ? t('account.validUntil', { date: formatDay(card.expiration, i18n.language) }) : t('account.noExpiry'),
                  ].join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
