import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponse,
  Reservation,
  ReservationBookQuery,
  ReservationBranchParams,
  ReservationIdParams,
  ReservationMoveRequest,
  ReservationRequest,
  ReservationSlots,
  ReservationSlotsQuery,
  StaffReservationRequest,
} from '@dasturxon/domain/contracts';
import { worksAt } from '@dasturxon/domain';
import { requireUser } from '../auth/index.ts';
import { requireStaff } from '../staff/index.ts';
import { merchantOf } from '../../plugins/tenant.ts';
import type { Nudges } from '../live/index.ts';
import type { ReservationsService } from './reservations.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const security = [{ bearer: [] }];
const tags = ['reservations'];
const open = { tenant: 'active' } as const;
const signedIn = { tenant: 'active', auth: true } as const;
const bookStaff = { tenant: 'active', staff: ['owner', 'admin', 'manager', 'operator'] } as const;
const OFF = "403 FEATURE_OFF unless the brand's bookingActive and the branch's bookingEnabled are on.";

/**
 * Table reservations (issue 32; docs/restaurant.md): the customer's form and "my reservations" under
 * `/api/reservations/v1`, the staff's book under `/api/ops/v1/reservations`. The rule is the domain's `checkReservation`.
 */
export const reservationsRoutes: FastifyPluginAsyncZod<{ service: ReservationsService; nudges: Nudges }> = async (
  app,
  { service, nudges },
) => {
  app.get(
    '/ops/v1/reservations/stream',
    {
      config: bookStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: 'The reservation book, live (server-sent events)',
        description:
          "`event: reservation` with `data` {branchId, reservationId} each time a reservation of one of the member's branches is booked, moved or " +
          'cancelled: read the book again. Nothing is replayed: read the book after every (re)connect.',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const member = requireStaff(request);
      nudges.stream(request, reply, member.merchantId, (n) =>
        n.topic === 'reservation' && worksAt(member, n.branchId) ? { branchId: n.branchId, reservationId: n.reservationId } : null,
      );
    },
  );

  app.get(
    '/reservations/v1/branches/:branchId/slots',
    {
      config: open,
      schema: {
        tags,
        summary: "A branch's bookable times of a day for a number of guests (and a hall), each free or full",
        description: `Times on a 30-minute grid within the branch's dine-in hours, from an hour ahead to 30 days ahead. ${OFF}`,
        params: ReservationBranchParams,
        querystring: ReservationSlotsQuery,
        response: { 200: ReservationSlots, ...errors },
      },
    },
    async (request) =>
      service.slots(merchantOf(request).id, request.params.branchId, request.query.day, request.query.guests, request.query.hallId),
  );

  app.post(
    '/reservations/v1/reservations',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Book a table',
        description:
          '201 with the reservation (REQUESTED until the branch confirms), holding the smallest free table that seats the guests for two hours. ' +
          '400 RESERVATION_TIME_INVALID (details.reason), 400 RESERVATION_GUESTS_INVALID (details.max), 409 RESERVATION_FULL with ' +
          `details.nearest, the nearest free times of that day. ${OFF}`,
        body: ReservationRequest,
        response: { 201: Reservation, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
      const reservation = await service.book(
        { kind: 'customer', merchantId: merchantOf(request).id, userId: user.id, name, phone: user.phone ?? '' },
        request.body,
      );
      return reply.code(201).send(reservation);
    },
  );

  app.get(
    '/reservations/v1/reservations',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The customer's reservations, the latest first",
        response: { 200: z.array(Reservation), ...errors },
      },
    },
    async (request) => service.mine(merchantOf(request).id, requireUser(request).id),
  );

  app.post(
    '/reservations/v1/reservations/:id/cancel',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Cancel one of my reservations',
        description: "Until two hours before its time; later 409 RESERVATION_CANCEL_CLOSED. Another customer's reservation answers 404.",
        params: ReservationIdParams,
        response: { 200: Reservation, ...errors },
      },
    },
    async (request) => service.cancelMine(merchantOf(request).id, requireUser(request).id, request.params.id),
  );

  app.get(
    '/ops/v1/reservations',
    {
      config: bookStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: "The reservation book: a branch's reservations of a day, by time",
        description: "The day is the branch's. 403 FORBIDDEN for a branch the staff member does not work at.",
        querystring: ReservationBookQuery,
        response: { 200: z.array(Reservation), ...errors },
      },
    },
    async (request) => service.bookOf(requireStaff(request), request.query.branchId, request.query.day),
  );

  app.post(
    '/ops/v1/reservations',
    {
      config: bookStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: 'Write a reservation for a phone call (confirmed at once)',
        description: `The same rule as the customer's, but a time in the next hour may be booked. ${OFF}`,
        body: StaffReservationRequest,
        response: { 201: Reservation, ...errors },
      },
    },
    async (request, reply) => {
      const member = requireStaff(request);
      const reservation = await service.book(
        { kind: 'staff', merchantId: member.merchantId, staffId: member.id, role: member.role, branchIds: member.branchIds },
        request.body,
      );
      return reply.code(201).send(reservation);
    },
  );

  app.post(
    '/ops/v1/reservations/:id/status',
    {
      config: bookStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: 'Move a reservation: confirm, seat (at another table), finish, no-show, cancel with a reason',
        description:
          '409 VERSION_CONFLICT on a stale version; 409 RESERVATION_MOVE_INVALID for a move its status does not allow (a no-show before its time).',
        params: ReservationIdParams,
        body: ReservationMoveRequest,
        response: { 200: Reservation, ...errors },
      },
    },
    async (request) => service.move(requireStaff(request), request.params.id, request.body),
  );
};
