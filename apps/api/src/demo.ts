import { asc } from 'drizzle-orm';
import { merchants, type Database } from '@dasturxon/db';
import { seedDemo, seedDemoGrades } from '@dasturxon/db/seed';
import type { Config } from './config.ts';

/** Seeds or refreshes the demo brands (idempotent), with Tezkor's graded orders, unless SEED_DEMO=false. */
export async function seedIfWanted(database: Database, config: Config): Promise<void> {
  if (!config.SEED_DEMO) return;
  const now = new Date();
  await seedDemo(database.db, { now, paymentSecretsKey: config.PAYMENT_SECRETS_KEY });
  // Tezkor's graded orders (issue 31), so its product pages show averages and comments; once, on a fresh database.
  await seedDemoGrades(database.db, { now });
}

/** One line per brand: `Tezkor Burger: http://tezkor.localhost:3000`. */
export async function demoAddresses(database: Database, port: number): Promise<string[]> {
  const rows = await database.db.select().from(merchants).orderBy(asc(merchants.name));
  return rows.map((m) => `${m.name}${m.isActive ? '' : ' (inactive)'}: http://${m.sub}.localhost:${port}`);
}
