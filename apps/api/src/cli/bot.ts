/*
 * The brand bot's setup (issue 30; docs/telegram.md "Bot"):
 *
 *   npm run bot -- setup --brand <sub>
 *
 * With the brand's bot token already sealed in merchant_secrets, it asks the Bot API (TELEGRAM_API_URL) for the bot
 * (getMe: its id and username are stored), makes the webhook secret when the brand has none (sealed), and sets the
 * webhook to PUBLIC_URL/api/telegram/<merchant id>/webhook, the menu button opening the storefront and the commands in
 * uz, ru and eng. It opens the deployment's database itself (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { migrateDatabase, openDatabase } from '@dasturxon/db';
import { systemClock } from '../clock.ts';
import { parseConfig, storefrontOf } from '../config.ts';
import { createBots } from '../features/bot/index.ts';

const USAGE = 'usage: npm run bot -- setup --brand <sub>   (PUBLIC_URL: where Telegram reaches this deployment)';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { brand: { type: 'string' } } });
const fail = (message: string): never => {
  console.error(`${message}\n${USAGE}`);
  process.exit(64);
};

async function main(): Promise<void> {
  if (positionals[0] !== 'setup') fail('say setup');
  const sub = values.brand ?? fail('--brand is needed');
  const config = parseConfig(process.env);
  const publicUrl = config.PUBLIC_URL ?? fail('PUBLIC_URL is needed');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR, 'pglite') });
  try {
    await migrateDatabase(database);
    const bots = createBots({
      db: database.db,
      clock: systemClock,
      log: pino({ level: 'warn' }),
      secretsKey: config.PAYMENT_SECRETS_KEY,
      apiUrl: config.TELEGRAM_API_URL,
      siteOf: storefrontOf(config),
    });
    const done = await bots.setup(sub, publicUrl);
    console.log(`@${done.username} of ${sub}: webhook ${done.webhook}, menu button and commands set.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
