import type { FastifyInstance } from 'fastify';
import { registerPeriodic } from '../../periodic.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * Runs the order timers (`OrdersService.runTimers`) every `seconds` while the server is up (`registerPeriodic`:
 * never two at once, the one under way finished before the database closes). `app.runOrderTimers()` runs them
 * once at once (tests, operations).
 */
export function registerOrderTimers(app: FastifyInstance, service: Pick<OrdersService, 'runTimers'>, seconds: number): void {
  const run = registerPeriodic(app, {
    name: 'order timers',
    seconds,
    run: () => service.runTimers(),
    done: (moved) => {
      if (moved.opened || moved.canceled) app.log.info(moved, 'order timers moved orders');
    },
  });
  app.decorate('runOrderTimers', run);
}

declare module 'fastify' {
  interface FastifyInstance {
    runOrderTimers: () => Promise<{ opened: number; canceled: number }>;
  }
}
