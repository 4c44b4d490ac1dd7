import { and, eq, getTableName } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { merchantSettings, type Db } from '@dasturxon/db';
import { SETTINGS_FLAG_DEFAULTS, type SettingsChannel, type SettingsFlag } from '@dasturxon/domain';
import { MerchantSettings } from '@dasturxon/domain/contracts';

/*
 * The one reader of a brand's settings row (decision 001). The WEB row serves the storefront and the Telegram Mini App
 * alike, so whatever the server decides by a setting (the quote, placing and cancelling orders, saved cards, banners
 * and stories, notifications, login codes, Telegram messages) reads it here; a brand without a row has the domain's
 * defaults (SETTINGS_FLAG_DEFAULTS and the contract's), the same everywhere.
 */

export type SettingsRecord = typeof merchantSettings.$inferSelect;

/** A brand's settings as the contract has them: the row's values, the domain's defaults for a brand without one. */
export function settingsOf(merchantId: string, row: SettingsRecord | null): MerchantSettings {
  const { channel: _channel, ...fields } = row ?? {};
  return MerchantSettings.parse({ ...fields, merchantId });
}

/** A brand's settings of a channel (WEB unless named), read now, on a database or in a transaction. */
export async function readSettings(
  db: Pick<Db, 'select'>,
  merchantId: string,
  channel: SettingsChannel = 'WEB',
): Promise<MerchantSettings> {
  const [row] = await db
    .select()
    .from(merchantSettings)
    .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, channel)))
    .limit(1);
  return settingsOf(merchantId, row ?? null);
}

/**
 * One flag of the brand's WEB settings as a plain SQL expression, for a statement written by hand (a prepared read):
 * the row's value, or the domain's default when the brand has no row. `merchantId` is the SQL naming the brand ($1).
 */
export function webFlagSql(flag: SettingsFlag, merchantId = '$1'): string {
  const table = getTableName(merchantSettings);
  const column = toSnakeCase(merchantSettings[flag].name);
  return `coalesce((select s.${column} from ${table} s where s.merchant_id = ${merchantId} and s.channel = 'WEB' limit 1), ${SETTINGS_FLAG_DEFAULTS[flag]})`;
}
