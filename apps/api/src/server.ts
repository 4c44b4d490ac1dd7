import { resolve } from 'node:path';
import { migrateDatabase, openDatabase } from '@dasturxon/db';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { demoAddresses, seedIfWanted } from './demo.ts';

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

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

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
