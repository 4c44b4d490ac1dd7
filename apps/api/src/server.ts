import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { migrateDatabase, openDatabase, type Database } from '@dasturxon/db';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { demoAddresses, seedIfWanted } from './demo.ts';

/*
 * Shutdown loses nothing (issue 10). On SIGTERM or SIGINT every answer from then on closes its connection; the
 * server takes the connections already waiting for it and stops listening, answers every request it has received,
 * drops the keep-alive connections left idle, closes the database and exits 0. The force timer is a last resort.
 */

/** A shutdown still running after this is cut short with exit code 1. */
const FORCE_EXIT_MS = 10_000;
/**
 * How long a connection answered just before shutdown is left to carry the client's next request. The answer went
 * out keep-alive, so the client may reuse the connection at any moment; dropping it as idle while that request is
 * on its way, or not yet read, would reset the request. Connections idle for longer are dropped at once.
 */
const REUSE_GRACE_MS = 1_000;
/** A stretch of time with no connection taken says that none is waiting any more (takeWaitingConnections). */
const QUIET_MS = 10;
/** Connections still coming in after this long are left to the system to refuse. */
const ACCEPT_LIMIT_MS = 2_000;

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
 * Takes the connections the system has already accepted on our behalf, then stops listening, leaving the open
 * connections be. Node takes one waiting connection per turn of its event loop, so under load several wait with
 * their requests already sent, and closing the listener would reset them. While one is waiting every turn takes
 * one, so a stretch with none taken means none is left. (http.Server#close, which Fastify calls later, would also
 * drop the idle connections at once, before their clients have had their moment: REUSE_GRACE_MS.)
 */
async function takeWaitingConnections(server: Server): Promise<void> {
  const until = performance.now() + ACCEPT_LIMIT_MS;
  let taken = 0;
  const count = () => void taken++;
  server.on('connection', count);
  do {
    taken = 0;
    await sleep(QUIET_MS);
  } while (taken > 0 && performance.now() < until);
  server.off('connection', count);
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
    answers.closeConnectionsWhenAnswered();
    await takeWaitingConnections(app.server);
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
    void shutDown(app, database, answers, signal);
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
