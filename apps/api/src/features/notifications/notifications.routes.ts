import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, NotificationPage, NotificationsReadRequest, PageQuery } from '@dasturxon/domain/contracts';
import { customerOf } from '../auth/index.ts';
import type { NotificationsService } from './notifications.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const NoContent = z.null().describe('No content');

/** The customer's notifications about their orders: a page of them with the unread count, and marking them read. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  app.get(
    '/notifications/v1/notifications',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        security,
        summary: "The customer's notifications, newest first, with the unread count",
        querystring: PageQuery,
        response: { 200: NotificationPage, ...errors },
      },
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
      schema: {
        tags: ['notifications'],
        security,
        summary: 'Mark notifications read (those named, or all)',
        body: NotificationsReadRequest,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      await notifications.markRead(customer.merchantId, customer.id, request.body.ids);
      return reply.code(204).send(null);
    },
  );
};
