import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ADVISORY_LOCK } from '../constants.ts';
import { createSecretBox, DEV_PAYMENT_SECRETS_KEY } from '../secret-box.ts';
import { writeMerchant } from './merchant-writer.ts';
import { navbahorRows } from './navbahor.seed.ts';
import { tezkorCoffeeRows } from './tezkor-coffee.seed.ts';
import { tezkorRows } from './tezkor.seed.ts';
import { yopiqRows } from './yopiq.seed.ts';

export { DEMO } from './demo.ts';
export { seedDemoGrades } from './grades.seed.ts';
export { demoId } from './ids.ts';
export { GAZETTEER, GAZETTEER_HOUSE_SPACING_M, type GazetteerCity, type GazetteerStreet } from './gazetteer.ts';

// Several API instances may boot at once against one PostgreSQL; the lock makes their seeds
// run one after the other instead of racing on the same rows.

/**
 * Writes the four demo brands (tezkor, its sister tezkor-coffee, navbahor, yopiq) in one transaction. Ids are fixed, so a
 * second run with the same `now` changes nothing, and a later run refreshes the rows that depend
 * on the time: today's special hours, story windows and promo dates. The demo's payment accounts are
 * sealed under `paymentSecretsKey` (the server's PAYMENT_SECRETS_KEY; the development key when absent).
 */
export async function seedDemo(db: Db, options: { now: Date; paymentSecretsKey?: string | undefined }): Promise<void> {
  const merchants = [tezkorRows(options.now), tezkorCoffeeRows(options.now), navbahorRows(options.now), yopiqRows(options.now)];
  const box = createSecretBox(options.paymentSecretsKey ?? DEV_PAYMENT_SECRETS_KEY);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK.SEED})`);
    for (const rows of merchants) await writeMerchant(tx, rows, box);
  });
}
