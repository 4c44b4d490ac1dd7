import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { migrateDatabase, openDatabase, type Database } from '@dasturxon/db';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { demoAddresses, seedIfWanted } from './demo.ts';

/*
 * Shutdown loses nothing (issues 10 and 26). On SIGTERM or SIGINT the server first stops accepting: it takes the
 * connections the system has already completed for it and closes the listener, so a client that connects from then
 * on is refused (ECONNREFUSED: the balancer retries on another instance) rather than taken and reset. Only then does
 * every answer not yet sent close its connection (`Connection: close`): a client told to reconnect can no longer land
 * in the listener's queue as it closes. The server answers every request it has received, lets the connections it
 * answered keep-alive carry the client's next request (answered and closed too), ends the event streams (their clients
 * resume from Last-Event-ID on another instance), drops the connections left idle, closes the database and exits 0.
 * The force timer is a last resort.
 */

/** A shutdown still running after this is cut short with exit code 1. */
const FORCE_EXIT_MS = 10_000;
/**
 * How long a connection answered just before shutdown is left to carry the client's next request. The answer went
 * out keep-alive, so the client may reuse the connection at any moment; dropping it as idle while that request is
 * on its way, or not yet read, would reset the request. Connections idle for longer are dropped at once.
 */
const REUSE_GRACE_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Follows the answers, so that shutdown can make each one not yet sent close its connection: the client then sends
 * nothing more over it, and the connection is neither left idle (holding the shutdown up) nor dropped under a
 * request. It also notes when the last answer that kept its connection open went out (REUSE_GRACE_MS).
 */
function trackAnswers(server: Server) {
  const unsent = new Set<ServerResponse>();
  let draining = false;
  let lastKeptOpenAt = -Infinity;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) return void res.setHeader('connection', 'close');
    // Already under way keep-alive (a long download): drop its connection once the client has had its moment.
    if (!res.writableFinished) res.once('finish', () => void sleep(REUSE_GRACE_MS).then(() => server.closeIdleConnections()));
  };
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    unsent.add(res);
    res.once('close', () => {
      unsent.delete(res);
      if (!draining) lastKeptOpenAt = performance.now();
    });
  });
  return {
    closeConnectionsWhenAnswered(): void {
      draining = true;
      for (const res of unsent) closeAfter(res);
      unsent.clear();
    },
    /** Waits until the connections answered keep-alive have had REUSE_GRACE_MS, then lets the event loop read once more. */
    async giveClientsTheirMoment(): Promise<void> {
      const left = lastKeptOpenAt + REUSE_GRACE_MS - performance.now();
      if (left > 0) await sleep(left);
      await new Promise((done) => setImmediate(done));
    },
  };
}

/**
 * Stops accepting. The listener is closed in the turn of the event loop after the signal's: that turn's poll has
 * taken every connection the system had completed by then (libuv accepts all that wait), and closing it refuses the
 * next. A connection still waiting when a listener closes is reset by the system, after its client may have sent its
 * request; closing before any answer says `Connection: close` keeps clients from reconnecting into that moment.
 * (http.Server#close, which Fastify calls later, would also drop the idle connections at once, before their clients
 * have had their moment: REUSE_GRACE_MS.)
 */
async function stopAccepting(server: Server): Promise<void> {
  await new Promise((done) => setImmediate(done));
  NetServer.prototype.close.call(server);
}

async function shutDown(app: FastifyInstance, database: Database, answers: ReturnType<typeof trackAnswers>, signal: string): Promise<void> {
  const started = performance.now();
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error({ ms: FORCE_EXIT_MS }, 'shutdown took too long, exiting');
    process.exit(1);
  }, FORCE_EXIT_MS);
  force.unref();
  try {
    await stopAccepting(app.server);
    answers.closeConnectionsWhenAnswered();
    await answers.giveClientsTheirMoment();
    // Fastify answers what still arrives (return503OnClosing is off: app.ts), drops the idle connections
    // and resolves once the last connection has closed; only then may the database go.
    await app.close();
    await database.close();
    app.log.info({ ms: Math.round(performance.now() - started) }, 'shut down: every answer sent, database closed');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR, 'pglite') });
  await migrateDatabase(database);
  await seedIfWanted(database, config);

  let app;
  try {
    app = await buildApp({ config, database });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      await database.close();
      process.exit(78);
    }
    throw error;
  }
  const answers = trackAnswers(app.server);
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) return;
    closing = true;
    // GET /api/ready answers 503 from now on; with DRAIN_SECONDS the instance keeps serving that long, so that a
    // balancer that polls readiness takes it out before it stops taking connections (refused ones are retried anyway).
    app.readiness.drain();
    if (config.DRAIN_SECONDS > 0) app.log.info({ signal, seconds: config.DRAIN_SECONDS }, 'draining: not ready, still serving');
    void sleep(config.DRAIN_SECONDS * 1000).then(() => shutDown(app, database, answers, signal));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = Number(new URL(address).port);
  const storage = database.kind === 'pglite' ? `PGlite in ${resolve(config.DATA_DIR, 'pglite')}` : 'PostgreSQL';
  console.log(`\nDasturxon is serving on http://localhost:${port} (${storage})`);
  for (const line of await demoAddresses(database, port)) console.log(`  ${line}`);
  console.log(`  API docs: http://localhost:${port}/api/docs\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
