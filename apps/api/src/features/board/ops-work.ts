import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import { registerPeriodic } from '../../periodic.ts';
import { EVENTS_KEPT_MS, type EventsRepository } from '../live/index.ts';
import type { Telegram } from '../notifications/index.ts';

/**
 * The operations' background work, every `seconds` while the server is up (`registerPeriodic`, as the order
 * timers): the brands' Telegram messages that are due, and dropping order events older than a day.
 * `app.runOpsWork()` runs it once at once (tests).
 */
export function registerOpsWork(
  app: FastifyInstance,
  deps: { telegram: Telegram; events: EventsRepository; clock: Clock },
  seconds: number,
): void {
  const run = registerPeriodic(app, {
    name: 'operations work',
    seconds,
    run: async () => ({
      sent: await deps.telegram.sendDue(),
      pruned: await deps.events.prune(new Date(deps.clock.now().getTime() - EVENTS_KEPT_MS)),
    }),
  });
  app.decorate('runOpsWork', run);
}

declare module 'fastify' {
  interface FastifyInstance {
    runOpsWork: () => Promise<{ sent: number; pruned: number }>;
  }
}
