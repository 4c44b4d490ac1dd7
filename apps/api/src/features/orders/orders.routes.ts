import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelOrderRequest,
  ErrorResponse,
  Order,
  OrderIdParams,
  OrderListQuery,
  OrderMerchantSettings,
  OrderPage,
  OrderRequest,
  OrderSetting,
  OrderUserParams,
} from '@dasturxon/domain/contracts';
import { AppError, uuidParam } from '@dasturxon/domain';
import { customerOf, requireSession } from '../auth/index.ts';
import { merchantOf } from '../../plugins/tenant.ts';
import { seatOf, type TableAt } from '../tables/index.ts';
import type { OrdersService } from './orders.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const signedIn = { tenant: 'active', auth: true } as const;
const security = [{ bearer: [] }];
const tags = ['orders'];
const NoContent = z.null().describe('No content');
/** An order id in a path: only a UUID matches, so `GET /orders/v1/orders/quote` stays a 405 of the quote's path, not a bad id. */
const ORDER = `/orders/v1/orders/${uuidParam('id')}`;

const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8)
    .max(128)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
    .optional()
    .describe('One key per checkout attempt: the same key and body within 24 h answer the first order and place nothing.'),
});

const PLACE_DESCRIPTION =
  "Priced on the server by the quote's own function in the order's transaction; prices sent by the client are ignored. " +
  "Any problem the quote reports refuses the order with that problem's code (details.problems lists them all) and nothing is written. " +
  'One transaction: the order and its lines (names and prices of this moment), counted stock taken (never below zero), the promo use, ' +
  "cashback spent through the ledger, the brand's next number and the first status. Cash, terminal and other offline payments open the order " +
  '(or AT_TIME when scheduled); online payment types leave it CREATED and unpaid. 409 PAYMENT_TYPE_NOT_ALLOWED for a type the brand does not take ' +
  "on the order device's channel. With Idempotency-Key, a repeat answers 200 with the first order and `Idempotency-Replayed: true`; the same key " +
  "with another body answers 409 IDEMPOTENCY_KEY_REUSED. With a table's seat (X-Table-Seat, features/tables) the order is a dine-in order of that " +
  'table (channel QR, its hall and table; hallId and tableId of the body are never taken), placed now (400 TABLE_ORDER_INVALID otherwise); a ' +
  "table guest's session (POST /tables/v1/guest) orders only with a live seat (409 TABLE_SESSION_ENDED). " +
  'Where the brand confirms each order by SMS (isSmsConfirmationRequiredPerOrder), a request ' +
  "without `confirmationCode` is checked whole, nothing is written, a code is sent to the customer's phone and the answer is 428 " +
  'ORDER_CONFIRMATION_REQUIRED {phone (their own number, where the code went), codeLength, resendAfterSeconds, expiresInSeconds}; the same body with the code places the order ' +
  '(400 OTP_INVALID {attemptsLeft} for a wrong one; asking again without it sends a new code, 429 OTP_TOO_EARLY before resendAfterSeconds).';

/** The signed-in customer's orders (docs/spec-index.md section 7, orders and payments). */
export interface OrdersRoutesOptions {
  service: OrdersService;
  /** The table a seat (the X-Table-Seat header) is at: an order placed with one is the table's (features/tables). */
  tableAt: (merchantId: string, seat: string) => Promise<TableAt>;
}

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { service, tableAt }) => {
  for (const scheduled of [false, true]) {
    app.post(
      scheduled ? '/orders/v1/orders/at-time' : '/orders/v1/orders',
      {
        config: { ...signedIn, rateLimit: 'work' },
        schema: {
          tags,
          security,
          summary: scheduled
            ? "Place a scheduled order: `day` 'YYYY-MM-DD' and `time` 'HH:MM' in the city's time zone"
            : 'Place an order now',
          description: scheduled
            ? `${PLACE_DESCRIPTION} The time must be within the branch's hours for the service type, at least the brand's lead time ahead and at most 7 days ahead (409 ORDER_TIME_INVALID with details.reason TOO_SOON, TOO_FAR, CLOSED or FORMAT).`
            : `${PLACE_DESCRIPTION} \`later: true\` belongs to /orders/v1/orders/at-time (400).`,
          headers: IdempotencyHeaders,
          body: OrderRequest,
          response: { 200: Order, 201: Order, ...errors, 428: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (request, reply) => {
        const seat = seatOf(request.headers);
        const table = seat ? await tableAt(merchantOf(request).id, seat) : undefined;
        const { order, replayed } = await service
          .place(customerOf(request), merchantOf(request), request.body, {
            scheduled,
            idempotencyKey: request.headers['idempotency-key'],
            clientIp: request.ip,
            sessionChannel: requireSession(request).channel,
            table,
          })
          .catch((error: unknown) => {
            // The brand's to fix, not the customer's: its operations log names the products without an IKPU.
            if (error instanceof AppError && error.code === 'FISCAL_CODE_MISSING') {
              request.log.warn(
                { merchantId: merchantOf(request).id, productIds: error.details?.productIds },
                'products without an IKPU (mxicCode) cannot be paid online',
              );
            }
            throw error;
          });
        if (replayed) reply.header('idempotency-replayed', 'true');
        return reply.code(replayed ? 200 : 201).send(order);
      },
    );
  }

  app.get(
    '/orders/v1/orders/user/:userId',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary:
          "The customer's orders, newest first, paged from 0; `onlyArchive=true` keeps the finished ones (CLOSED, DELIVERED, CANCELED)",
        description: "Hidden orders are left out. Another customer's id answers 404 NOT_FOUND.",
        params: OrderUserParams,
        querystring: OrderListQuery,
        response: { 200: OrderPage, ...errors },
      },
    },
    async (request) => service.list(customerOf(request), request.params.userId, request.query),
  );

  app.get(
    '/orders/v1/orders/user/:userId/active',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The customer's active orders (not CLOSED, DELIVERED or CANCELED), newest first",
        params: OrderUserParams,
        response: { 200: z.array(Order), ...errors },
      },
    },
    async (request) => service.active(customerOf(request), request.params.userId),
  );

  app.get(
    ORDER,
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "One of the customer's orders with its lines and status history",
        description: "Another customer's or another brand's order answers 404 NOT_FOUND, as a missing one does.",
        params: OrderIdParams,
        response: { 200: Order, ...errors },
      },
    },
    async (request) => service.get(customerOf(request), request.params.id),
  );

  app.get(
    '/orders/v1/order/setting/:id',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'What the customer may do with one of their orders now: cancel, pay (until when), hide, repeat',
        description: "Another customer's or another brand's order answers 404 NOT_FOUND.",
        params: OrderIdParams,
        response: { 200: OrderSetting, ...errors },
      },
    },
    async (request) => service.setting(customerOf(request), request.params.id),
  );

  app.post(
    `${ORDER}/cancel`,
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Cancel an order before the branch accepts it, with a reason',
        description:
          '409 ORDER_CANCEL_NOT_ALLOWED where the brand does not let customers cancel (cancelOrderActive); 409 ORDER_ALREADY_ACCEPTED while the branch has it ' +
          '(ACCEPTED to ON_WAY), 409 ORDER_STATUS_CONFLICT once it is over. The stock it took, its promo use and the cashback it spent are given back; ' +
          'an order paid online answers `refund: {state: "STARTED"}`, DONE when the provider has given the money back.',
        params: OrderIdParams,
        body: CancelOrderRequest,
        response: { 200: Order, ...errors },
      },
    },
    async (request) => service.cancel(customerOf(request), request.params.id, request.body),
  );

  app.post(
    `${ORDER}/hide`,
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "Hide a finished order from the customer's history",
        description: '409 ORDER_STATUS_CONFLICT for an active order.',
        params: OrderIdParams,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.hide(customerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/orders/v1/merchant/settings',
    {
      config: { tenant: 'active' },
      schema: {
        tags,
        summary: 'What checkout needs: lead time, payment types per channel, delivery minimums per branch, whether cancelling is allowed',
        response: { 200: OrderMerchantSettings, ...errors },
      },
    },
    async (request) => service.settings(merchantOf(request)),
  );
};
