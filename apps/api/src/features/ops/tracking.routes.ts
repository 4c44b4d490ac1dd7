import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isActiveStatus } from '@dasturxon/domain';
import { CourierTracking, ErrorResponse, NotificationPage, NotificationsReadRequest, OrderIdParams, PageQuery } from '@dasturxon/domain/contracts';
import type { Db } from '@dasturxon/db';
import { merchantOf } from '../../plugins/tenant.ts';
import { requireSession, requireUser, type SessionRecord } from '../auth/index.ts';
import { createEventsRepository, streamEvents, type EventHub } from '../live/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { createOpsRepository } from './ops.repository.ts';
import type { NotificationsService } from './notifications.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const NoContent = z.null().describe('No content');
const ORDER_ID = '(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)';

export interface TrackingRoutesOptions {
  db: Db;
  hub: EventHub;
  orders: OrdersService;
  notifications: NotificationsService;
  /** Event streams one session may hold at once (STREAMS_PER_SESSION). */
  streamsPerSession: number;
  /** Whether a customer's session is still live (the auth feature's `isLive`): their streams end with it. */
  sessionLive: (session: SessionRecord) => Promise<boolean>;
}

/** The customer's side of the live path (issue 15): their order's stream, its courier on a map, their notifications. */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (app, { db, hub, orders, notifications, streamsPerSession, sessionLive }) => {
  const customerOf = (request: Parameters<typeof requireUser>[0]) => ({ merchantId: merchantOf(request).id, id: requireUser(request).id });

  app.get(
    `/orders/v1/orders/:id${ORDER_ID}/events`,
    {
      config: signedIn,
      schema: {
        tags: ['orders'],
        security,
        summary: "The customer's order, live (server-sent events)",
        description:
          '`event: order` when its status changes, `event: position` when its courier moves; `data` is an OrderEvent, `id` its number. ' +
          'Reconnect with Last-Event-ID to get what was missed. Another customer\'s order answers 404.',
        params: OrderIdParams,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      const order = await orders.get(customer, request.params.id);
      const events = createEventsRepository(db);
      const session = requireSession(request);
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
    `/deliveries/v1/delivery/courier/:id${ORDER_ID}`,
    {
      config: signedIn,
      schema: {
        tags: ['orders'],
        security,
        summary: "Where the customer's order is: its branch, its address and its courier's last position",
        description: '`id` is the order\'s id. The courier and their position show while the order is attached or on the way.',
        params: OrderIdParams,
        response: { 200: CourierTracking, ...errors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const order = await orders.get(customer, request.params.id);
      const repo = createOpsRepository(db);
      const found = (await repo.order(customer.merchantId, { branchIds: null, courierId: null }, order.id))!;
      const branch = (await repo.branches(customer.merchantId, [order.branch.id])).get(order.branch.id);
      const riding = found.courierId !== null && ['ATTACHED', 'ON_WAY'].includes(order.status);
      const courier = riding ? (await repo.staffNames(customer.merchantId, [found.courierId!])).get(found.courierId!) : undefined;
      const position = riding ? (await repo.positions(customer.merchantId, [found.courierId!])).get(found.courierId!) : undefined;
      return {
        orderId: order.id,
        status: order.status,
        courierStatus: found.courierStatus,
        branch: { latitude: branch?.latitude ?? 0, longitude: branch?.longitude ?? 0, name: order.branch.name },
        address: order.address ? { latitude: order.address.latitude, longitude: order.address.longitude } : null,
        courier: courier && isActiveStatus(order.status) ? courier : null,
        position: position ? { latitude: position.latitude, longitude: position.longitude, heading: position.heading, at: position.at.toISOString() } : null,
      };
    },
  );

  app.get(
    '/notifications/v1/notifications',
    {
      config: signedIn,
      schema: { tags: ['notifications'], security, summary: "The customer's notifications, newest first, with the unread count", querystring: PageQuery, response: { 200: NotificationPage, ...errors } },
    },
    async (request) => {
      const customer = customerOf(request);
      return notifications.page(customer.merchantId, customer.id, request.query.page, request.query.size);
    },
  );

  app.post(
    '/notifications/v1/notifications/read',
    {
      config: signedIn,
      schema: { tags: ['notifications'], security, summary: 'Mark notifications read (those named, or all)', body: NotificationsReadRequest, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      await notifications.markRead(customer.merchantId, customer.id, request.body.ids);
      return reply.code(204).send(null);
    },
  );
};
