import type { FastifyInstance } from 'fastify';
import { safeError } from '../../logging.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * Runs the order timers (`OrdersService.runTimers`) every `seconds` while the server is up: started when the
 * server is ready, stopped when it closes, after the run under way (if any) has finished, so the database is never
 * closed under it. Runs never overlap. `app.runOrderTimers()` runs them once at once (tests, operations).
 */
export function registerOrderTimers(app: FastifyInstance, service: Pick<OrdersService, 'runTimers'>, seconds: number): void {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const run = async () => {
    if (running) return running;
    running = service
      .runTimers()
      .then((moved) => {
        if (moved.opened || moved.canceled) app.log.info(moved, 'order timers moved orders');
        return moved;
      })
      .finally(() => (running = null));
    return running;
  };

  app.decorate('runOrderTimers', () => run() as ReturnType<OrdersService['runTimers']>);
  app.addHook('onReady', async () => {
    if (seconds <= 0) return;
    timer = setInterval(() => void run().catch((error: Error) => app.log.error({ err: safeError(error) }, 'order timers failed')), seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    runOrderTimers: () => Promise<{ opened: number; canceled: number }>;
  }
}
