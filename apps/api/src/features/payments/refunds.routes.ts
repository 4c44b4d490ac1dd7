import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Refund, RefundDoneRequest, RefundList } from '@dasturxon/domain/contracts';
import { actorOf, adminErrors, adminSecurity, adminTags } from '../admin/index.ts';
import type { RefundsService } from './refunds.service.ts';

/** Who sees and settles refunds: the brand's managers and above (kitchen, courier and operator answer 403). */
const REFUND_ROLES = ['owner', 'admin', 'manager'] as const;
const config = { tenant: 'active' as const, staff: [...REFUND_ROLES] };
const Params = z.object({ orderId: z.uuid() });

/** The console's refunds (issue 29; payments refunds.service.ts): the open ones, one order's, and marking one done. */
export const refundsRoutes: FastifyPluginAsyncZod<{ service: RefundsService }> = async (app, { service }) => {
  app.get(
    '/admin/v1/refunds',
    {
      config,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Refunds under way or failed',
        description:
          "The brand's refunds of cancelled paid orders that are STARTED (Click's reversal being retried, or waiting for Payme's or " +
          "Uzum's callback) or FAILED, of the branches the staff member works at, oldest first.",
        response: { 200: RefundList, ...adminErrors },
      },
    },
    async (request) => service.list(actorOf(request)),
  );

  app.get(
    '/admin/v1/refunds/:orderId',
    {
      config,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: "One order's refund",
        params: Params,
        response: { 200: Refund, ...adminErrors },
      },
    },
    async (request) => service.one(actorOf(request), request.params.orderId),
  );

  app.post(
    '/admin/v1/refunds/:orderId/done',
    {
      config,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Mark a refund done by hand',
        description:
          "A FAILED refund settled with the provider, or a STARTED Payme or Uzum refund made from the provider's cabinet: DONE with who and " +
          'when, the order unpaid, in the audit log. 409 VERSION_CONFLICT when `version` is stale, 409 REFUND_NOT_OPEN when it is done ' +
          'already or a Click refund still being retried.',
        params: Params,
        body: RefundDoneRequest,
        response: { 200: Refund, ...adminErrors },
      },
    },
    async (request) => service.markRefunded(actorOf(request), request.params.orderId, request.body.version),
  );
};
