import { and, eq, getTableColumns, notInArray, sql, type InferInsertModel, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { hashPassword } from '../passwords.ts';
import { sealPaymentAccount } from '../payment-accounts.ts';
import { sealTelegramBot, telegramBotTokenContext, telegramWebhookSecretContext, type TelegramBotAccount } from '../telegram-bot.ts';
import * as s from '../schema/index.ts';
import type { SecretBox } from '../secret-box.ts';
import type { MerchantRows } from './rows.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * `set` of an upsert: every column the rows carry, taken from `excluded`. Columns the rows leave
 * out (created_at) keep their stored value, so a rerun with the same `now` changes nothing.
 */
function excludedSet(table: PgTable, rows: object[], keys: readonly string[]): Record<string, SQL> {
  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([key]) => present.has(key) && !keys.includes(key))
      .map(([key, c]) => [key, sql.raw(`excluded."${c.keyAsName ? toSnakeCase(c.name) : c.name}"`)]),
  );
}

async function upsert<T extends PgTable>(tx: Tx, table: T, rows: InferInsertModel<T>[], target: PgColumn[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const targetKeys = Object.keys(columns).filter((k) => target.includes(columns[k]!));
  await tx
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({ target, set: excludedSet(table, rows, targetKeys) as never });
}

async function insert<T extends PgTable>(tx: Tx, table: T, rows: InferInsertModel<T>[]): Promise<void> {
  if (rows.length > 0) await tx.insert(table).values(rows as never);
}

/**
 * The bot's sealed secrets: those already stored when they open to the same values (a rerun changes nothing, while a
 * fresh seal would differ by its IV), else sealed anew.
 */
async function botSecrets(tx: Tx, box: SecretBox, merchantId: string, bot: TelegramBotAccount) {
  const [stored] = await tx
    .select({ token: s.merchantSecrets.telegramBotToken, webhookSecret: s.merchantSecrets.telegramWebhookSecret })
    .from(s.merchantSecrets)
    .where(eq(s.merchantSecrets.merchantId, merchantId));
  const opens = (sealed: string | null | undefined, context: string, value: string) => {
    try {
      return sealed ? box.open(sealed, context) === value : false;
    } catch {
      return false;
    }
  };
  if (
    stored?.token &&
    stored.webhookSecret &&
    opens(stored.token, telegramBotTokenContext(merchantId), bot.token) &&
    opens(stored.webhookSecret, telegramWebhookSecretContext(merchantId), bot.webhookSecret)
  ) {
    return { telegramBotToken: stored.token, telegramWebhookSecret: stored.webhookSecret };
  }
  return sealTelegramBot(box, merchantId, bot);
}

/**
 * Writes one demo merchant. Rows with their own id are upserted; child rows without a natural
 * key of their own (hours, zones, modifiers, availability, policies) are deleted and written
 * again, which is simpler than diffing them and just as idempotent.
 */
export async function writeMerchant(tx: Tx, rows: MerchantRows, box: SecretBox): Promise<void> {
  const m = rows.merchant.id;

  await tx.delete(s.deliveryZones).where(eq(s.deliveryZones.merchantId, m));
  await tx.delete(s.workHours).where(eq(s.workHours.merchantId, m));
  await tx.delete(s.productBranches).where(eq(s.productBranches.merchantId, m));
  await tx.delete(s.modifications).where(eq(s.modifications.merchantId, m));
  await tx.delete(s.modificationGroups).where(eq(s.modificationGroups.merchantId, m));
  await tx.delete(s.companyPolicies).where(eq(s.companyPolicies.merchantId, m));

  // The bot's id and username are the merchant's; its token and webhook secret are sealed like the payment accounts
  // (a brand without a demo bot keeps whatever bot its operator set).
  const bot = rows.telegramBot;
  await upsert(
    tx,
    s.merchants,
    [bot ? { ...rows.merchant, telegramBotId: bot.id, telegramBotUsername: bot.username } : rows.merchant],
    [s.merchants.id],
  );
  await upsert(
    tx,
    s.merchantSecrets,
    [bot ? { ...rows.secrets, ...(await botSecrets(tx, box, m, bot)) } : rows.secrets],
    [s.merchantSecrets.merchantId],
  );
  await upsert(tx, s.merchantSettings, rows.settings, [s.merchantSettings.merchantId, s.merchantSettings.channel]);
  await upsert(tx, s.brands, rows.brands, [s.brands.merchantId, s.brands.id]);
  await upsert(tx, s.cities, rows.cities, [s.cities.merchantId, s.cities.id]);
  await upsert(tx, s.branches, rows.branches, [s.branches.merchantId, s.branches.id]);
  await upsert(tx, s.groups, rows.groups, [s.groups.merchantId, s.groups.id]);
  await upsert(tx, s.categories, rows.categories, [s.categories.merchantId, s.categories.id]);
  await upsert(tx, s.products, rows.products, [s.products.merchantId, s.products.id]);
  await upsert(tx, s.banners, rows.banners, [s.banners.merchantId, s.banners.id]);
  await upsert(tx, s.stories, rows.stories, [s.stories.merchantId, s.stories.id]);
  await upsert(tx, s.promos, rows.promos, [s.promos.merchantId, s.promos.id]);
  await upsert(tx, s.halls, rows.halls ?? [], [s.halls.merchantId, s.halls.id]);
  await upsert(tx, s.diningTables, rows.tables ?? [], [s.diningTables.merchantId, s.diningTables.id]);
  await upsert(tx, s.serviceFeeSettings, rows.serviceFees, [s.serviceFeeSettings.merchantId, s.serviceFeeSettings.cityId]);
  await upsert(tx, s.vacancies, rows.vacancies ?? [], [s.vacancies.merchantId, s.vacancies.id]);
  // Sealed again on every run (a fresh IV each time), under the key the server opens them with.
  await upsert(
    tx,
    s.paymentAccounts,
    (rows.paymentAccounts ?? []).map((a) => sealPaymentAccount(box, m, a)),
    [s.paymentAccounts.merchantId, s.paymentAccounts.provider],
  );

  const staffRows = await Promise.all(
    (rows.staff ?? []).map(async ({ password, ...member }) => ({
      ...member,
      merchantId: m,
      isActive: true,
      passwordHash: await hashPassword(password),
    })),
  );
  await upsert(tx, s.staff, staffRows, [s.staff.merchantId, s.staff.id]);

  await insert(tx, s.workHours, rows.workHours);
  await insert(tx, s.deliveryZones, rows.zones);
  await insert(tx, s.companyPolicies, rows.policies);
  await insert(tx, s.modificationGroups, rows.modificationGroups);
  await insert(tx, s.modifications, rows.modifications);
  await insert(tx, s.productBranches, rows.productBranches);

  // Rows an older version of the demo had and this one has not: switched off rather than
  // deleted where orders or carts may still point at them.
  const ofMerchant = <C extends PgColumn>(merchantColumn: C, idColumn: PgColumn, keep: string[]) =>
    and(eq(merchantColumn, m), notInArray(idColumn, keep));
  await tx
    .update(s.products)
    .set({ active: false })
    .where(
      ofMerchant(
        s.products.merchantId,
        s.products.id,
        rows.products.map((r) => r.id),
      ),
    );
  await tx
    .update(s.categories)
    .set({ active: false })
    .where(
      ofMerchant(
        s.categories.merchantId,
        s.categories.id,
        rows.categories.map((r) => r.id),
      ),
    );
  await tx
    .update(s.branches)
    .set({ isActive: false, deleted: true })
    .where(
      ofMerchant(
        s.branches.merchantId,
        s.branches.id,
        rows.branches.map((r) => r.id),
      ),
    );
  await tx
    .update(s.promos)
    .set({ isActive: false })
    .where(
      ofMerchant(
        s.promos.merchantId,
        s.promos.id,
        rows.promos.map((r) => r.id),
      ),
    );
  await tx.delete(s.banners).where(
    ofMerchant(
      s.banners.merchantId,
      s.banners.id,
      rows.banners.map((r) => r.id),
    ),
  );
  await tx.delete(s.stories).where(
    ofMerchant(
      s.stories.merchantId,
      s.stories.id,
      rows.stories.map((r) => r.id),
    ),
  );
}
