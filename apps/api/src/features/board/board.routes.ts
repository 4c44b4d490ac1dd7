import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourierList,
  CourierPositionRequest,
  DeliveryPauseRequest,
  ErrorResponse,
  Figures,
  FiguresQuery,
  OrderIdParams,
  StaffOrder,
  StaffOrderList,
  StaffOrderListQuery,
  StaffStatusRequest,
  StopList,
  StopListQuery,
  StopRequest,
} from '@dasturxon/domain/contracts';
import { streamEvents, type EventHub, type EventsRepository } from '../live/index.ts';
import { requireStaff, type StaffAuth } from '../staff/index.ts';
import { sees, type BoardService } from './board.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['ops'];
const security = [{ bearer: [] }];
const NoContent = z.null().describe('No content');
const anyStaff = { tenant: 'active', staff: true } as const;
const managers = { tenant: 'active', staff: ['owner', 'admin', 'manager', 'operator'] } as const;
const boardStaff = { tenant: 'active', staff: ['owner', 'admin', 'manager', 'operator', 'kitchen'] } as const;

export interface BoardRoutesOptions {
  /** Whether a staff session is still live: the board's stream ends with it. */
  auth: Pick<StaffAuth, 'isLive'>;
  service: BoardService;
  hub: EventHub;
  events: EventsRepository;
  /** Event streams one session may hold at once (STREAMS_PER_SESSION). */
  streamsPerSession: number;
}

/**
 * The staff console's board (issue 15): its orders and their moves, couriers, the stop-list, the figures and the live
 * stream, under `/api/ops/v1/...`, a staff session's bearer token, the brand's host. The login is the staff feature's.
 */
export const boardRoutes: FastifyPluginAsyncZod<BoardRoutesOptions> = async (app, { auth, service, hub, events, streamsPerSession }) => {
  app.get(
    '/ops/v1/orders',
    {
      config: anyStaff,
      schema: {
        tags,
        security,
        summary: "The board: the brand's orders the staff member sees",
        description:
          "Without status: today's orders and every active one. Operators and kitchens see their branches' orders (an admin with no branches: all); " +
          'a courier sees the orders attached to them and the ready delivery orders of their branches nobody has taken. ' +
          "In pages of `size` (100, at most 500): orders waiting for acceptance (OPEN) first, then those in the branch's hands (ACCEPTED, COOKING, DONE, ATTACHED, ON_WAY), " +
          'then the rest, newest first within each; `nextCursor` (null on the last page) as `cursor` asks for the next page. Orders that arrive or move while ' +
          'paging come through the event stream.',
        querystring: StaffOrderListQuery,
        response: { 200: StaffOrderList, ...errors },
      },
    },
    async (request) => service.list(requireStaff(request), request.query),
  );

  app.get(
    '/ops/v1/orders/:id',
    {
      config: anyStaff,
      schema: {
        tags,
        security,
        summary: 'One order with its customer, courier and timeline',
        params: OrderIdParams,
        response: { 200: StaffOrder, ...errors },
      },
    },
    async (request) => service.get(requireStaff(request), request.params.id),
  );

  app.put(
    '/ops/v1/orders/:id/status',
    {
      config: anyStaff,
      schema: {
        tags,
        security,
        summary: "Move an order along the order table, as the staff member's role",
        description:
          'Accept (ACCEPTED, with cookingTime), reject or cancel (CANCELED, with a reason), COOKING, DONE, attach a courier (ATTACHED: an operator names courierId; a courier takes it), ' +
          'ON_WAY, DELIVERED, CLOSED. A move the table does not allow for the role answers 409 ORDER_STATUS_CONFLICT {from, to, role, serviceType}; ' +
          "another courier's order 403 FORBIDDEN; an order the member does not see 404.",
        params: OrderIdParams,
        body: StaffStatusRequest,
        response: { 200: StaffOrder, ...errors },
      },
    },
    async (request) => service.move(requireStaff(request), request.params.id, request.body),
  );

  app.get(
    '/ops/v1/couriers',
    {
      config: managers,
      schema: {
        tags,
        security,
        summary: "The brand's couriers with their load and last position",
        response: { 200: CourierList, ...errors },
      },
    },
    async (request) => ({
      content: await service.couriers(requireStaff(request)),
    }),
  );

  app.put(
    '/ops/v1/courier/position',
    {
      config: { tenant: 'active', staff: ['courier'] },
      schema: {
        tags,
        security,
        summary: "The courier's phone reports where it is (every 10 s while on the way)",
        body: CourierPositionRequest,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.position(requireStaff(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/ops/v1/stop-list',
    {
      config: boardStaff,
      schema: { tags, security, summary: "A branch's stop-list", querystring: StopListQuery, response: { 200: StopList, ...errors } },
    },
    async (request) => service.stopList(requireStaff(request), request.query.branchId),
  );

  app.put(
    '/ops/v1/stop-list',
    {
      config: boardStaff,
      schema: {
        tags,
        security,
        summary: 'Switch a product or a modification off (or on) at a branch',
        description:
          'The menu and the quote see it at once: a stopped product is greyed in the menu and refused by the quote (PRODUCT_NOT_AVAILABLE); a stopped modification is refused (MODIFICATION_NOT_AVAILABLE).',
        body: StopRequest,
        response: { 200: StopList, ...errors },
      },
    },
    async (request) => service.stop(requireStaff(request), request.body),
  );

  app.put(
    '/ops/v1/delivery-pause',
    {
      config: managers,
      schema: {
        tags,
        security,
        summary: "Pause a branch's delivery for some minutes (0 resumes)",
        description:
          'While paused, quotes and orders for delivery from the branch answer BRANCH_CLOSED {reason: PAUSED}, and the branch is not chosen to serve an address.',
        body: DeliveryPauseRequest,
        response: { 200: StopList, ...errors },
      },
    },
    async (request) => service.pauseDelivery(requireStaff(request), request.body),
  );

  app.get(
    '/ops/v1/figures',
    {
      config: managers,
      schema: {
        tags,
        security,
        summary: "Today's (or a day's) figures per branch",
        querystring: FiguresQuery,
        response: { 200: Figures, ...errors },
      },
    },
    async (request) => service.figures(requireStaff(request), request.query.day),
  );

  app.get(
    '/ops/v1/events',
    {
      config: anyStaff,
      schema: {
        tags,
        security,
        summary: "The board's live stream (server-sent events)",
        description:
          '`event: order` when an order the member sees changes, `event: position` when its courier moves; `data` is an OrderEvent, `id` its number. ' +
          'Reconnect with Last-Event-ID to get what was missed (kept 24 h). A comment line every 25 s keeps it open.',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const member = requireStaff(request);
      const staffSession = request.staffSession!;
      await streamEvents(request, reply, {
        hub,
        session: {
          id: `staff:${staffSession.id}`,
          max: streamsPerSession,
          // Logged out, revoked, expired, or the member deactivated: the stream ends (checkStreamSessions).
          live: () => auth.isLive(staffSession),
        },
        merchantId: member.merchantId,
        accept: (event) => sees(member, event),
        replay: (after) => events.replay(member.merchantId, after),
      });
    },
  );
};
