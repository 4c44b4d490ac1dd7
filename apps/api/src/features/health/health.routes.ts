import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION, AppError } from '@dasturxon/domain';
import { ErrorResponse, HealthResponse } from '@dasturxon/domain/contracts';
import type { createHealthCheck } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ check: ReturnType<typeof createHealthCheck> }> = async (app, { check }) => {
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
};
