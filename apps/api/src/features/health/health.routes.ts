import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION, AppError } from '@dasturxon/domain';
import { ErrorResponse, HealthResponse, ReadyResponse } from '@dasturxon/domain/contracts';
import type { createHealthCheck, Readiness } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  check: ReturnType<typeof createHealthCheck>;
  readiness: Readiness;
  hostIsOurs: (host: string) => Promise<boolean>;
}> = async (app, { check, readiness, hostIsOurs }) => {
  app.get(
    '/health',
    {
      schema: { tags: ['system'], summary: 'Answers 200 when the database answers', response: { 200: HealthResponse, 503: ErrorResponse } },
    },
    async (_request, reply) => {
      const database = await check();
      if (!database) {
        reply.status(503);
        return new AppError('INTERNAL_ERROR').toBody();
      }
      return { status: 'ok' as const, version: APP_VERSION, database };
    },
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Answers 200 while the balancer should send this instance traffic; 503 with the reason when not',
        description:
          'Not ready: the database does not answer (DATABASE), it lacks a migration of this build (MIGRATIONS), or the instance is draining before it stops (DRAINING).',
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      const reason = await readiness.check();
      reply.header('cache-control', 'no-store');
      if (reason) return reply.status(503).send({ status: 'not-ready' as const, version: APP_VERSION, reason });
      return { status: 'ready' as const, version: APP_VERSION, reason: null };
    },
  );
  app.get(
    '/tls/ask',
    {
      schema: {
        tags: ['system'],
        summary: "Answers 200 when a host name is a brand's (its sub-domain or its own domain), 404 otherwise",
        description:
          "The TLS terminator's question before it asks for a certificate (Caddy's on-demand TLS `ask`), so certificates are issued only for our brands' hosts.",
        querystring: z.object({ domain: z.string().min(1).max(253) }),
        response: { 200: z.object({ ok: z.literal(true) }), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (await hostIsOurs(request.query.domain)) return { ok: true as const };
      return reply.status(404).send(new AppError('NOT_FOUND').toBody());
    },
  );
};
