import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '@dasturxon/domain';
import { CourierTracking, ErrorResponse, OrderIdParams } from '@dasturxon/domain/contracts';
import type { customerSessionOf, SessionRecord } from '../auth/index.ts';
import type { BoardService } from '../board/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { EventHub } from './event-hub.ts';
import { streamEvents } from './event-stream.ts';
import type { EventsRepository } from './events.repository.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];

/**
 * What the customer's routes need of other features comes as functions `app.ts` hands over (only their types are
 * imported here): the auth feature ends streams through live, so live does not import it back.
 */
export interface TrackingRoutesOptions {
  /** The signed-in customer and their session (the auth feature's `customerSessionOf`). */
  customerOf: typeof customerSessionOf;
  hub: EventHub;
  events: EventsRepository;
  /** The customer's own order (another customer's is not found). */
  orders: Pick<OrdersService, 'get'>;
  /** Where the order, its branch and its courier are (the board's). */
  courierTracking: BoardService['courierTracking'];
  /** Event streams one session may hold at once (STREAMS_PER_SESSION). */
  streamsPerSession: number;
  /** Whether a customer's session is still live (the auth feature's `isLive`): their streams end with it. */
  sessionLive: (session: SessionRecord) => Promise<boolean>;
}

/** The customer's side of the live path (issue 15): their order's stream and its courier on a map. */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (
  app,
  { customerOf, hub, events, orders, courierTracking, streamsPerSession, sessionLive },
) => {
  app.get(
    `/orders/v1/orders/${uuidParam('id')}/events`,
    {
      config: signedIn,
      schema: {
        tags: ['orders'],
        security,
        summary: "The customer's order, live (server-sent events)",
        description:
          '`event: order` when its status changes, `event: position` when its courier moves; `data` is an OrderEvent, `id` its number. ' +
          "Reconnect with Last-Event-ID to get what was missed. Another customer's order answers 404.",
        params: OrderIdParams,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const { session, ...customer } = customerOf(request);
      const order = await orders.get(customer, request.params.id);
      await streamEvents(request, reply, {
        hub,
        session: { id: `customer:${session.id}`, max: streamsPerSession, live: () => sessionLive(session) },
        merchantId: customer.merchantId,
        accept: (event) => event.orderId === order.id && event.userId === customer.id,
        replay: (after) => events.replay(customer.merchantId, after, { orderId: order.id }),
      });
    },
  );

  app.get(
    `/deliveries/v1/delivery/courier/${uuidParam('id')}`,
    {
      config: signedIn,
      schema: {
        tags: ['orders'],
        security,
        summary: "Where the customer's order is: its branch, its address and its courier's last position",
        description: "`id` is the order's id. The courier and their position show while the order is attached or on the way.",
        params: OrderIdParams,
        response: { 200: CourierTracking, ...errors },
      },
    },
    async (request) => {
      const { session: _session, ...customer } = customerOf(request);
      return courierTracking(customer, request.params.id);
    },
  );
};
