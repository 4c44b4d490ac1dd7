import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { AppError } from '@dasturxon/domain';
import type { Bots } from './bot.service.ts';

/** The brand bot's webhook (issue 30): Telegram posts each update with the brand's secret in a header. */
export const botRoutes: FastifyPluginAsyncZod<{ bots: Bots }> = async (app, { bots }) => {
  app.post(
    '/telegram/:merchantId/webhook',
    {
      config: { providerInput: true },
      schema: {
        tags: ['telegram'],
        summary: "A brand bot's Telegram update",
        description:
          "Telegram's webhook call for the brand's bot; X-Telegram-Bot-Api-Secret-Token must be the brand's webhook secret (401 otherwise, nothing done).",
        params: z.object({ merchantId: z.string() }),
        body: z.looseObject({ update_id: z.number().int() }),
      },
    },
    async (request, reply) => {
      const header = request.headers['x-telegram-bot-api-secret-token'];
      const ok = /^[0-9a-f-]{36}$/i.test(request.params.merchantId)
        ? await bots.handle(request.params.merchantId, typeof header === 'string' ? header : undefined, request.body as unknown as Update)
        : false;
      if (!ok) throw new AppError('UNAUTHORIZED');
      return reply.status(200).send({ ok: true });
    },
  );
};
