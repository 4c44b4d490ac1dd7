/** Table reservations (issue 32): what app.ts may import. */
export { reservationsRoutes } from './reservations.routes.ts';
export { createReservationsService, type ReservationsService } from './reservations.service.ts';
