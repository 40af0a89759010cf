/** The public entry of the reservations module: what other modules, app.ts and the composition root use. */
export { findLinesWithNames } from './reservation.repo.ts';
export { reservationRoutes } from './reservation.routes.ts';
export { createReservationService } from './reservation.service.ts';
