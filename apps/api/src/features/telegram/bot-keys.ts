import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { createSecretBox, DEV_PAYMENT_SECRETS_KEY, merchantSecrets, telegramBotTokenContext, type Db } from '@dasturxon/db';
import type { BotKey } from './init-data.ts';

export interface BotKeysDeps {
  db: Db;
  secretsKey: string | undefined;
  log: FastifyBaseLogger;
}

/** The merchant fields that name its bot (merchants.telegram_bot_id, telegram_bot_username). */
export interface BrandBot {
  id: string;
  telegramBotId: string | null;
  telegramBotUsername: string | null;
}

/**
 * Each brand's bot token, opened from merchant_secrets (sealed under PAYMENT_SECRETS_KEY), and the key its Mini App
 * data is checked with: the token when the server holds it, else the bot id (Telegram's Ed25519 key).
 */
export function createBotKeys({ db, secretsKey, log }: BotKeysDeps) {
  const box = createSecretBox(secretsKey ?? DEV_PAYMENT_SECRETS_KEY);
  const open = (merchantId: string, sealed: string): string | null => {
    try {
      return box.open(sealed, telegramBotTokenContext(merchantId));
    } catch {
      log.error({ merchantId }, "the brand's Telegram bot token does not open with PAYMENT_SECRETS_KEY");
      return null;
    }
  };

  async function tokenOf(merchantId: string): Promise<string | null> {
    const [row] = await db
      .select({ sealed: merchantSecrets.telegramBotToken })
      .from(merchantSecrets)
      .where(eq(merchantSecrets.merchantId, merchantId))
      .limit(1);
    return row?.sealed ? open(merchantId, row.sealed) : null;
  }

  return {
    tokenOf,
    /** How this brand's Mini App data is checked; null when the brand has no bot (the bot channel is off). */
    async keyOf(brand: BrandBot): Promise<BotKey | null> {
      const token = await tokenOf(brand.id);
      if (token) return { token };
      const botId = Number(brand.telegramBotId);
      return brand.telegramBotId && Number.isSafeInteger(botId) && botId > 0 ? { botId } : null;
    },
    /** Every other brand's bot token this server holds (to tell "another brand's bot" from a forgery). */
    async otherTokens(merchantId: string): Promise<string[]> {
      const rows = await db
        .select({ merchantId: merchantSecrets.merchantId, sealed: merchantSecrets.telegramBotToken })
        .from(merchantSecrets)
        .where(and(ne(merchantSecrets.merchantId, merchantId), isNotNull(merchantSecrets.telegramBotToken)));
      return rows.flatMap((r) => (r.sealed ? [open(r.merchantId, r.sealed)].filter((t): t is string => t !== null) : []));
    },
  };
}

export type BotKeys = ReturnType<typeof createBotKeys>;
