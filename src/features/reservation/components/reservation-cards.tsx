/**
 * One card per reservation of the checkout: the one asked for first, then the others, each loaded
 * by its own hash. Another item that cannot be loaded says so in its place; the rest still show.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { useAdditionalReservations } from '../api/get-reservation.ts';
import { ReservationCard } from './reservation-card.tsx';

export function ReservationCards({ answer }: { answer: ReservationResponse }) {
  const { t } = useTranslation('reservation');
  const others = useAdditionalReservations(answer.additional_reservations);
  return (
    <ul className="reservation-page__cards" role="list">
      <li>
        <ReservationCard part={answer} />
      </li>
      {answer.additional_reservations.map((reference, index) => {
        const other = others[index];
        return (
          <li key={reference.id}>
            {other?.data ? (
              <ReservationCard part={other.data} />
            ) : other?.isError ? (
              <Alert tone="danger">
                <ApiErrorText error={other.error} />
              </Alert>
            ) : (
              <Spinner label={t('loading')} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
