import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, OrderIdParams, PaymentCheckout } from '@dasturxon/domain/contracts';
import { requireUser } from '../auth/index.ts';
import { merchantOf } from '../../plugins/tenant.ts';
import type { CheckoutService } from './checkout.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** The customer's side of an online payment (docs/spec-index.md section 7, `GET /payments/v2/checkout/{id}`). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ service: CheckoutService }> = async (app, { service }) => {
  app.get(
    '/payments/v2/checkout/:id',
    {
      config: { tenant: 'active', auth: true },
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        summary: "Where to pay the customer's own order online: the provider's page for exactly its total, returning to the order's page",
        description:
          "Payme's checkout link (base64 of m, ac.order_id, a in tiyin, l, c), Click's payment button (service_id, merchant_id, amount N.NN, " +
          "transaction_param, return_url) or Uzum's open-service link, by the payment type chosen at checkout. 409 ORDER_STATUS_CONFLICT for an order " +
          'that does not wait for an online payment (paid, cancelled, cash); 409 PAYMENT_TYPE_NOT_ALLOWED when the brand has no account at that provider; ' +
          "404 for another customer's order.",
        params: OrderIdParams,
        querystring: z.object({
          lang: z.string().max(8).optional().describe("The customer's language, for the provider's page (ru, uz, else en)"),
        }),
        response: { 200: PaymentCheckout, ...errors },
      },
    },
    async (request) =>
      service.link({ merchantId: merchantOf(request).id, id: requireUser(request).id }, request.params.id, {
        origin: `${request.protocol}://${request.host}`,
        language: request.query.lang ?? '',
      }),
  );
};
