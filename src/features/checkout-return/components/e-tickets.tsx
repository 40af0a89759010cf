/**
 * The e-tickets of a paid order: one QR code per admission, drawn from the server's SVG, the PDF to
 * print them, and the wallet passes the shop offers (each wallet's links only when the API says it is
 * configured).
 */
import { useTranslation } from 'react-i18next';
import type { PaidOrder } from '#domain/contracts/paid-order.ts';
import { applePassUrl, googleWalletUrl, ticketPdfUrl } from '../api/ticket-files.ts';

const asImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function ETickets({ order }: { order: Pick<PaidOrder, 'hash' | 'tickets' | 'wallets'> }) {
  const { t } = useTranslation('order-page');
  const { tickets, wallets, hash } = order;
  if (tickets.length === 0) return null;
  return (
    <section aria-labelledby="paid-order-tickets" className="paid-order__tickets">
      <h2 id="paid-order-tickets">{t('tickets.heading')}</h2>
      <p>{t('tickets.intro')}</p>
      <div className="paid-order__actions">
        <a className="button button--secondary" href={ticketPdfUrl(hash)} download>
          {t('tickets.pdf', { count: tickets.length })}
        </a>
        {wallets.google ? (
          <a className="button button--secondary" href={googleWalletUrl(hash)}>
            {t('tickets.googleWallet', { count: tickets.length })}
          </a>
        ) : null}
      </div>
      <ul role="list" className="paid-order__ticket-list">
        {tickets.map((ticket) => (
          <li key={ticket.position} className="paid-order__ticket">
            <img src={asImage(ticket.qr_svg)} width={200} height={200} alt={t('tickets.alt', { position: ticket.position, count: tickets.length })} />
            <span>{t('tickets.label', { position: ticket.position, count: tickets.length })}</span>
            {wallets.apple ? (
              // No `download`: Safari opens a pass (application/vnd.apple.pkpass) in Wallet when it is followed.
              <a className="button button--secondary" href={applePassUrl(hash, ticket.position)}>
                {t('tickets.appleWallet', { position: ticket.position, count: tickets.length })}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
