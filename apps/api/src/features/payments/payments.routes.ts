import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymeError } from './payme.protocol.ts';
import { CLICK_ERRORS } from './click.protocol.ts';
import { uzumFailure } from './uzum.protocol.ts';
import type { PaymentsService } from './payments.service.ts';

/*
 * The providers' calls (spec section 7, payments; protocols.md sections 1-3). Called by the providers, not by
 * customers: no brand host or X-Merchant-Id (no `config.tenant`) and no session (`config.auth`); the brand is
 * the one of the order or transaction a call names, and the caller must hold that brand's credentials. Each
 * provider has a scope of its own: its body parser and an error handler that answers even a failure in the
 * provider's words (Payme and Click always with HTTP 200).
 */

const tags = ['payments'];
const PAYME = '/payments/v1/payme';

const PaymeReplySchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number().int(), message: z.object({ ru: z.string(), uz: z.string(), en: z.string() }), data: z.unknown().optional() }).optional(),
});

const ClickReplySchema = z.object({
  click_trans_id: z.number().nullable(),
  merchant_trans_id: z.string().nullable(),
  merchant_prepare_id: z.number().int().nullable().optional(),
  merchant_confirm_id: z.number().int().nullable().optional(),
  error: z.number().int(),
  error_note: z.string(),
});

const UzumReplySchema = z.record(z.string(), z.unknown());

/** Takes the body as the text it is: the service parses it and answers a bad one in the provider's words. */
function rawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
}

const rawOf = (body: unknown) => (typeof body === 'string' ? body : undefined);

const paymeRoutes: FastifyPluginAsyncZod<{ service: PaymentsService['payme'] }> = async (app, { service }) => {
  rawBodies(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!error.statusCode || error.statusCode >= 500) request.log.error({ err: error }, 'payme: the call failed');
    return reply.status(200).send(paymeError(null, error.statusCode && error.statusCode < 500 ? 'INVALID_REQUEST' : 'SYSTEM_ERROR'));
  });
  app.post(
    PAYME,
    {
      schema: {
        tags,
        summary: "Payme's Merchant API (JSON-RPC 2.0)",
        description:
          'Payme calls it with `Authorization: Basic base64(Paycom:{key})`: CheckPerformTransaction, CreateTransaction, PerformTransaction, ' +
          'CancelTransaction, CheckTransaction, GetStatement, SetFiscalData, ChangePassword. Always HTTP 200; failures are JSON-RPC errors with ' +
          'a message in ru, uz and en. The account field is `order_id` (our order id); amounts are in tiyin.',
        response: { 200: PaymeReplySchema },
      },
    },
    async (request) => service.handle(rawOf(request.body), request.headers.authorization),
  );
  // Payme's -32300: any other method is answered, with HTTP 200 too.
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: PAYME,
    schema: { hide: true },
    handler: async () => paymeError(null, 'NOT_POST'),
  });
};

const clickRoutes: FastifyPluginAsyncZod<{ service: PaymentsService['click'] }> = async (app, { service }) => {
  // Click posts forms (application/x-www-form-urlencoded); JSON is read as well.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const bad = error.statusCode !== undefined && error.statusCode < 500;
    if (!bad) request.log.error({ err: error }, 'click: the call failed');
    const { error: code, note } = CLICK_ERRORS[bad ? 'BAD_REQUEST' : 'UPDATE_FAILED'];
    return reply.status(200).send({ click_trans_id: null, merchant_trans_id: null, error: code, error_note: note });
  });
  const description = (action: string) =>
    `Click's ${action} (SHOP API), form-encoded as Click sends it, signed with the service's secret key (MD5 of protocols.md 2.4). ` +
    'Always HTTP 200 with Click\'s `error` (0 success, -1 … -9); merchant_trans_id is our order id, amount in sums.';
  app.post(
    '/payments/v1/click/prepare',
    { schema: { tags, summary: "Click's Prepare (action 0)", description: description('Prepare'), response: { 200: ClickReplySchema } } },
    async (request) => service.prepare(request.body),
  );
  app.post(
    '/payments/v1/click/complete',
    { schema: { tags, summary: "Click's Complete (action 1)", description: description('Complete'), response: { 200: ClickReplySchema } } },
    async (request) => service.complete(request.body),
  );
};

const uzumRoutes: FastifyPluginAsyncZod<{ service: PaymentsService['uzum'] }> = async (app, { service }) => {
  rawBodies(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!error.statusCode || error.statusCode >= 500) request.log.error({ err: error }, 'uzum: the call failed');
    const failure = uzumFailure(error.statusCode && error.statusCode < 500 ? 'MISSING_PARAMS' : 'CHECK_FAILED', {}, app.clock.now().getTime());
    return reply.status(failure.status).send(failure.body);
  });
  app.post(
    '/payments/v1/uzum/:operation',
    {
      schema: {
        tags,
        summary: "Uzum Bank's Merchant API webhooks: check, create, confirm, reverse, status",
        description:
          'Uzum calls them with Basic auth (the login and password it issued the brand), JSON, amounts in tiyin, `params.orderId` our order id. ' +
          'Successes answer HTTP 200, failures HTTP 400 `{status: "FAILED", errorCode}`; a repeated create or confirm answers as the first.',
        params: z.object({ operation: z.string() }),
        response: { 200: UzumReplySchema, 400: UzumReplySchema },
      },
    },
    async (request, reply) => {
      const answer = await service.handle(request.params.operation, rawOf(request.body), request.headers.authorization);
      return reply.status(answer.status).send(answer.body);
    },
  );
};

/** The three providers' endpoints, each in its own scope (body parsing and errors of its own). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (app, { service }) => {
  await app.register(paymeRoutes, { service: service.payme });
  await app.register(clickRoutes, { service: service.click });
  await app.register(uzumRoutes, { service: service.uzum });
};
