import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TABLE_SEAT_HEADER } from '@dasturxon/domain';
import {
  ErrorResponse,
  LoginResponse,
  TableBill,
  TableBillCheckout,
  TableBillPayRequest,
  TableLinkRequest,
  TableSeat,
  WaiterCall,
  WaiterCallRequest,
} from '@dasturxon/domain/contracts';
import { toUser, type AuthService } from '../auth/index.ts';
import { merchantOf } from '../../plugins/tenant.ts';
import type { TableService } from './table-service.service.ts';
import type { CheckoutService } from '../payments/index.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
const tags = ['tables'];
const security = [{ tableSeat: [] }];
const seated = { tenant: 'active', auth: 'optional' } as const;
const SEAT = `The seat goes in the ${TABLE_SEAT_HEADER} header; 409 TABLE_SESSION_ENDED for a seat that is not one, or whose table the staff closed (or older than 12 hours).`;

/** The seat header of a request, if any. */
export function seatOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[TABLE_SEAT_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The table's guests (issue 32; docs/restaurant.md "QR tables"): open a table's QR link, order as the table's guest,
 * read the table's bill and call the waiter. Orders themselves go through the orders' own calls with the seat header.
 */
export const tablesRoutes: FastifyPluginAsyncZod<{
  service: TableService;
  auth: Pick<AuthService, 'openTableGuest'>;
  checkout: Pick<CheckoutService, 'billLink'>;
}> = async (app, { service, auth, checkout }) => {
  app.post(
    '/tables/v1/sessions',
    {
      config: { tenant: 'active' },
      schema: {
        tags,
        summary: "Open a table's QR link: join (or start) the table's running session",
        description:
          "The link is `/t/<token>` on the brand's site; the token is checked against the table's own brand and branch. 404 TABLE_LINK_INVALID for a " +
          "forged, changed or foreign link (or a table no longer active); 403 FEATURE_OFF where the brand's dineInActive is off.",
        body: TableLinkRequest,
        response: { 200: TableSeat, ...errors },
      },
    },
    async (request) => service.open(merchantOf(request).id, request.body.link),
  );

  app.post(
    '/tables/v1/guest',
    {
      config: { tenant: 'active' },
      schema: {
        tags,
        security,
        summary: "Order at the table without logging in: a guest's session",
        description: `Where the brand's qrGuestOrders is on (else 403 TABLE_GUESTS_OFF): a customer without a phone and a session of the QR channel, which places orders only with a live seat. ${SEAT}`,
        response: { 201: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const merchantId = merchantOf(request).id;
      await service.mayOrderAsGuest(merchantId, seatOf(request.headers));
      const { token, user } = await auth.openTableGuest(merchantId);
      return reply.code(201).send({ token, user: toUser(user) });
    },
  );

  app.get(
    '/tables/v1/bill',
    {
      config: seated,
      schema: {
        tags,
        security,
        summary: "The table's running bill: every order placed at the table in this session, its totals and the open calls",
        description: `Each order says whether it is the caller's (mine), who pays it online on its own page. ${SEAT}`,
        response: { 200: TableBill, ...errors },
      },
    },
    async (request) => service.bill(merchantOf(request).id, seatOf(request.headers), request.user?.id ?? null),
  );

  app.post(
    '/tables/v1/bill/pay',
    {
      config: { tenant: 'active', auth: 'optional' },
      schema: {
        tags,
        security,
        summary: "Pay what is left of the table's bill online, as one payment",
        description:
          "Opens a bill of every order of the table's session not paid and not cancelled now, for their total (computed here), and answers the " +
          "provider's page to pay exactly that; the provider's calls then pay every covered order at once (decision 021). An order placed later " +
          'is not in it; one paid or changed meanwhile makes the provider refuse it. 409 TABLE_BILL_EMPTY when nothing is left to pay; 409 ' +
          `PAYMENT_TYPE_NOT_ALLOWED for a provider the table cannot pay with. ${SEAT}`,
        body: TableBillPayRequest,
        querystring: z.object({ lang: z.string().max(8).optional() }),
        response: { 200: TableBillCheckout, ...errors },
      },
    },
    async (request) => {
      const merchantId = merchantOf(request).id;
      const bill = await service.openBill(merchantId, seatOf(request.headers), request.body.provider);
      return checkout.billLink(merchantId, bill, { origin: `${request.protocol}://${request.host}`, language: request.query.lang ?? '' });
    },
  );

  app.post(
    '/tables/v1/calls',
    {
      config: seated,
      schema: {
        tags,
        security,
        summary: 'Call the waiter, or ask for the bill (cash or card), with an optional short note',
        description:
          '409 WAITER_CALL_OPEN while the table has a call of that kind not closed; 429 WAITER_CALL_RATE_LIMITED past 10 calls an hour; ' +
          `400 WAITER_CALL_NOTE_TOO_LONG past 200 characters. ${SEAT}`,
        body: WaiterCallRequest,
        response: { 201: WaiterCall, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.call(merchantOf(request).id, seatOf(request.headers), request.body)),
  );
};
