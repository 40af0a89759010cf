/** One reserved item (spec section 2, Reservation page): its image, what, when, how many, and what it costs. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card.tsx';
import { lineTotal, reservationPartTotals, type ReservationPart } from '#domain/contracts/reservation.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatDay } from '#domain/date-text.ts';
import { formatMoney } from '../../../lib/format.ts';

function timeRange(time: { start: string | null; end: string | null }): string | null {
  if (!time.start) return null;
  return time.end ? `${time.start} - ${time.end}` : time.start;
}

export function ReservationCard({ part }: { part: ReservationPart }) {
  const { t, i18n } = useTranslation('reservation');
  const { currency } = useOrganisation();
  const titleId = useId();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const { product, upsells } = part;
  const totals = reservationPartTotals(part);
  const audiences = product.audiences.filter((audience) => audience.quantity > 0);

  return (
    <Card image={product.image} labelledBy={titleId}>
      <h3 id={titleId} className="reservation-card__title">
        {product.title}
      </h3>
      <dl className="reservation-card__facts">
        {product.plot ? (
          <>
            <dt>{t('card.date')}</dt>
            <dd>{formatDay(product.plot.date, i18n.language)}</dd>
            <dt>{t('card.time')}</dt>
            <dd>{timeRange(product.plot.time) ?? t('card.allDay')}</dd>
          </>
        ) : null}
        <dt>{t('card.quantity')}</dt>
        <dd>{product.quantity}</dd>
      </dl>
      {audiences.length > 0 || upsells.length > 0 ? (
        <table className="reservation-card__lines">
          <caption className="visually-hidden">{t('card.lines')}</caption>
          <tbody>
            {audiences.map((audience) => (
              <tr key={`audience-${audience.id}`}>
                <th scope="row">{`${audience.quantity} × ${audience.name}`}</th>
                <td>{money(lineTotal(audience))}</td>
              </tr>
            ))}
            {upsells.map((upsell) => (
              <tr key={`upsell-${upsell.id}`}>
                <th scope="row">{`${upsell.quantity} × ${upsell.title}`}</th>
                <td>{money(lineTotal(upsell))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <dl className="reservation-card__totals">
        <dt>{t('card.tickets')}</dt>
        <dd>{money(totals.product)}</dd>
        {upsells.length > 0 ? (
          <>
            <dt>{t('card.upsells')}</dt>
            <dd>{money(totals.upsells)}</dd>
          </>
        ) : null}
        {totals.discount > 0 ? (
          <>
            <dt>{t('card.discount')}</dt>
            <dd>{money(-totals.discount)}</dd>
          </>
        ) : null}
        <dt className="reservation-card__subtotal">{t('card.subtotal')}</dt>
        <dd className="reservation-card__subtotal">{money(totals.subtotal)}</dd>
      </dl>
    </Card>
  );
}
