/**
 * "Change reservation" (spec sections 2 and 6: only for exactly one reservation that allows it):
 * the reservation is moved through the product flow (/product/{id}/change), its tickets and extras
 * preloaded; there the visitor chooses another date, time or quantity, sees the new total and
 * confirms. The server gives the old places back and takes the new ones in one transaction.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { useBookingMoveStore } from '../../../lib/booking-move-store.ts';
import { reservationMove } from '../reservation-move.ts';

export function ChangeReservation({ answer }: { answer: ReservationResponse }) {
  const { t } = useTranslation('reservation');
  const navigate = useNavigate();
  const moveStarted = useBookingMoveStore((state) => state.moveStarted);
  const start = () => {
    moveStarted(reservationMove(answer));
    navigate(`/product/${answer.product.id}/change`);
  };
  return (
    <button type="button" className="button button--secondary" onClick={start}>
      {t('overview.change.button')}
    </button>
  );
}
