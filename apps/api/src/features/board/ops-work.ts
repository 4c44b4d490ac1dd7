import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import { registerPeriodic } from '../../periodic.ts';
import { EVENTS_KEPT_MS, type EventsRepository } from '../live/index.ts';
import type { Telegram } from '../notifications/index.ts';
import type { RefundsService } from '../payments/index.ts';

/**
 * The operations' background work, every `seconds` while the server is up (`registerPeriodic`, as the order
 * timers): the brands' Telegram messages that are due, the Click refunds due another try (issue 29), and dropping
 * order events older than a day.
 * `app.runOpsWork()` runs it once at once (tests).
 */
export function registerOpsWork(
  app: FastifyInstance,
  deps: { telegram: Telegram; events: EventsRepository; clock: Clock; refunds: Pick<RefundsService, 'retryDue'> },
  seconds: number,
): void {
  const run = registerPeriodic(app, {
    name: 'operations work',
    seconds,
    run: async () => ({
      sent: await deps.telegram.sendDue(),
      refunded: await deps.refunds.retryDue(),
      pruned: await deps.events.prune(new Date(deps.clock.now().getTime() - EVENTS_KEPT_MS)),
    }),
  });
  app.decorate('runOpsWork', run);
}

declare module 'fastify' {
  interface FastifyInstance {
    runOpsWork: () => Promise<{ sent: number; refunded: number; pruned: number }>;
  }
}
