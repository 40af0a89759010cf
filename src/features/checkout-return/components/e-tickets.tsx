/** The e-tickets of a paid order: one QR code per admission, drawn from the server's SVG. */
import { useTranslation } from 'react-i18next';
import type { PaidOrderTicket } from '#domain/contracts/paid-order.ts';

const asImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function ETickets({ tickets }: { tickets: readonly PaidOrderTicket[] }) {
  const { t } = useTranslation('order-page');
  if (tickets.length === 0) return null;
  return (
    <section aria-labelledby="paid-order-tickets" className="paid-order__tickets">
      <h2 id="paid-order-tickets">{t('tickets.heading')}</h2>
      <p>{t('tickets.intro')}</p>
      <ul role="list" className="paid-order__ticket-list">
        {tickets.map((ticket) => (
          <li key={ticket.position} className="paid-order__ticket">
            <img src={asImage(ticket.qr_svg)} width={200} height={200} alt={t('tickets.alt', { position: ticket.position, count: tickets.length })} />
            <span>{t('tickets.label', { position: ticket.position, count: tickets.length })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
