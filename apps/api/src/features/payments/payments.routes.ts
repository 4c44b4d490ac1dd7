import { BlockList, isIP } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@dasturxon/domain';
import { paymeError } from './payme.protocol.ts';
import { CLICK_ERRORS } from './click.protocol.ts';
import { uzumFailure } from './uzum.protocol.ts';
import type { PaymentsService } from './payments.service.ts';

/*
 * The providers' calls (docs/spec-index.md section 7, payments; docs/protocols.md sections 1-3). Called by the providers, not by
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
  error: z
    .object({ code: z.number().int(), message: z.object({ ru: z.string(), uz: z.string(), en: z.string() }), data: z.unknown().optional() })
    .optional(),
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

/** A failure of the request itself (a body too large, a path the input guard refuses), not ours: answered, not logged. */
const requestFault = (error: FastifyError | AppError) => {
  const status = error instanceof AppError ? error.status : error.statusCode;
  return status !== undefined && status < 500;
};

/** The providers check their own input, after the caller's credentials (plugins/input-guard.ts leaves them alone). */
const config = { providerInput: true } as const;

/**
 * PAYME_ALLOWED_IPS as a test of a client address (an IPv4 address mapped into IPv6 is read as IPv4); null: any.
 */
export function addressAllowList(entries: readonly string[] | null): ((address: string) => boolean) | null {
  if (!entries) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (raw) => {
    const address = raw.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

const paymeRoutes: FastifyPluginAsyncZod<{ service: PaymentsService['payme']; allowedIps: readonly string[] | null }> = async (
  app,
  { service, allowedIps },
) => {
  rawBodies(app);
  const allowed = addressAllowList(allowedIps);
  // Payme's own addresses only, when PAYME_ALLOWED_IPS names them: any other caller is refused before anything else.
  if (allowed) {
    app.addHook('onRequest', async (request, reply) => {
      if (!allowed(request.ip)) return reply.status(200).send(paymeError(null, 'UNAUTHORIZED'));
    });
  }
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const bad = requestFault(error);
    if (!bad) request.log.error({ err: error }, 'payme: the call failed');
    return reply.status(200).send(paymeError(null, bad ? 'INVALID_REQUEST' : 'SYSTEM_ERROR'));
  });
  app.post(
    PAYME,
    {
      config,
      schema: {
        tags,
        summary: "Payme's Merchant API (JSON-RPC 2.0)",
        description:
          'Payme calls it with `Authorization: Basic base64(Paycom:{key})`: CheckPerformTransaction, CreateTransaction, PerformTransaction, ' +
          'CancelTransaction, CheckTransaction, GetStatement, SetFiscalData, ChangePassword. Always HTTP 200; failures are JSON-RPC errors with ' +
          'a message in ru, uz and en. The account field is `order_id` (our order id, or the id of a table bill: decision 021); amounts are in tiyin.',
        response: { 200: PaymeReplySchema },
      },
    },
    async (request) => service.handle(rawOf(request.body), request.headers.authorization),
  );
  // Payme's -32300: any other method is answered, with HTTP 200 too.
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: PAYME,
    config,
    schema: { hide: true },
    handler: async () => paymeError(null, 'NOT_POST'),
  });
};

const clickRoutes: FastifyPluginAsyncZod<{ service: PaymentsService['click'] }> = async (app, { service }) => {
  // Click posts forms (application/x-www-form-urlencoded); JSON is read as well.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const bad = requestFault(error);
    if (!bad) request.log.error({ err: error }, 'click: the call failed');
    const { error: code, note } = CLICK_ERRORS[bad ? 'BAD_REQUEST' : 'UPDATE_FAILED'];
    return reply.status(200).send({ click_trans_id: null, merchant_trans_id: null, error: code, error_note: note });
  });
  const description = (action: string) =>
    `Click's ${action} (SHOP API), form-encoded as Click sends it, signed with the service's secret key (MD5 of docs/protocols.md 2.4). ` +
    "Always HTTP 200 with Click's `error` (0 success, -1 … -9); merchant_trans_id is our order id (or a table's bill id, decision 021), amount in sums.";
  app.post(
    '/payments/v1/click/prepare',
    {
      config,
      schema: { tags, summary: "Click's Prepare (action 0)", description: description('Prepare'), response: { 200: ClickReplySchema } },
    },
    async (request) => service.prepare(request.body),
  );
  app.post(
    '/payments/v1/click/complete',
    {
      config,
      schema: { tags, summary: "Click's Complete (action 1)", description: description('Complete'), response: { 200: ClickReplySchema } },
    },
    async (request) => service.complete(request.body),
  );
};

const uzumRoutes: FastifyPluginAsyncZod<{ service: PaymentsService['uzum'] }> = async (app, { service }) => {
  rawBodies(app);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const bad = requestFault(error);
    if (!bad) request.log.error({ err: error }, 'uzum: the call failed');
    const failure = uzumFailure(bad ? 'MISSING_PARAMS' : 'CHECK_FAILED', {}, app.clock.now().getTime());
    return reply.status(failure.status).send(failure.body);
  });
  app.post(
    '/payments/v1/uzum/:operation',
    {
      config,
      schema: {
        tags,
        summary: "Uzum Bank's Merchant API webhooks: check, create, confirm, reverse, status",
        description:
          'Uzum calls them with Basic auth (the login and password it issued the brand), JSON, amounts in tiyin, `params.orderId` our order id (or the id of a table bill, decision 021). ' +
          'Successes answer HTTP 200, failures HTTP 400 `{status: "FAILED", errorCode}`; a repeated create, confirm or reverse answers 10010, 10016 or 10018.',
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
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService; paymeAllowedIps?: readonly string[] | null }> = async (
  app,
  { service, paymeAllowedIps },
) => {
  await app.register(paymeRoutes, { service: service.payme, allowedIps: paymeAllowedIps ?? null });
  await app.register(clickRoutes, { service: service.click });
  await app.register(uzumRoutes, { service: service.uzum });
};
