import type { FastifyInstance } from 'fastify';
import { safeError } from './logging.ts';

/**
 * Background work that runs every `seconds` while the server is up (0: never by itself): started when the server
 * is ready, stopped when it closes after the run under way (if any) has finished, so the database is never closed
 * under it. Runs never overlap: asking while one is under way answers that one. Answers the function that runs it
 * once at once (tests, operations).
 */
export function registerPeriodic<T>(
  app: FastifyInstance,
  work: { name: string; seconds: number; run: () => Promise<T>; done?: (result: T) => void },
): () => Promise<T> {
  let running: Promise<T> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const run = (): Promise<T> => {
    running ??= work
      .run()
      .then((result) => {
        work.done?.(result);
        return result;
      })
      .finally(() => (running = null));
    return running;
  };
  app.addHook('onReady', async () => {
    if (work.seconds <= 0) return;
    timer = setInterval(
      () => void run().catch((error: Error) => app.log.error({ err: safeError(error) }, `${work.name} failed`)),
      work.seconds * 1000,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
  return run;
}
