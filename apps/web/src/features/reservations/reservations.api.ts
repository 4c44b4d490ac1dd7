import { queryOptions } from '@tanstack/react-query';
import type { Reservation, ReservationRequest, ReservationSlots } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** Table reservations (issue 32; docs/restaurant.md): one fetcher and its query options per endpoint. */
export const reservationKeys = {
  slots: (branchId: string, day: string, guests: number, hallId: string | null) =>
    ['reservations', 'slots', branchId, day, guests, hallId] as const,
  mine: ['reservations', 'mine'] as const,
};

/** `GET /reservations/v1/branches/{branchId}/slots`: the day's bookable times for the guests (and hall), free or full. */
export const slotsQuery = (branchId: string, day: string, guests: number, hallId: string | null) =>
  queryOptions({
    queryKey: reservationKeys.slots(branchId, day, guests, hallId),
    queryFn: ({ signal }) =>
      http<ReservationSlots>(`/reservations/v1/branches/${encodeURIComponent(branchId)}/slots`, {
        query: { day, guests: String(guests), ...(hallId ? { hallId } : {}) },
        signal,
      }),
    staleTime: 30_000,
  });

/** `GET /reservations/v1/reservations` (WITH_TOKEN): the customer's reservations, the latest first. */
export const myReservationsQuery = () =>
  queryOptions({
    queryKey: reservationKeys.mine,
    queryFn: ({ signal }) => http<Reservation[]>('/reservations/v1/reservations', { auth: true, signal }),
  });

/** `POST /reservations/v1/reservations` (WITH_TOKEN). */
export const bookTable = (body: ReservationRequest): Promise<Reservation> =>
  http<Reservation>('/reservations/v1/reservations', { method: 'POST', auth: true, body });

/** `POST /reservations/v1/reservations/{id}/cancel` (WITH_TOKEN). */
export const cancelReservation = (id: string): Promise<Reservation> =>
  http<Reservation>(`/reservations/v1/reservations/${encodeURIComponent(id)}/cancel`, { method: 'POST', auth: true });
