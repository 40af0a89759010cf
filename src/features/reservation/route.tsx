/** Route module of `/reservation/:hash`, lazy-loaded by the app router. */
import { Navigate, useParams } from 'react-router-dom';
import { ReservationPage } from './components/reservation-page.tsx';

export function Component() {
  const { hash = '' } = useParams();
  if (hash.trim() === '') return <Navigate to="/404" replace />;
  return <ReservationPage key={hash} hash={hash} />;
}
