import type { SecretBox } from './secret-box.ts';

/*
 * A brand's Telegram bot secrets (issue 30), as the seed writes them and the server reads them: the bot token and the
 * webhook secret, each sealed under PAYMENT_SECRETS_KEY with a context naming the brand and the field, so a sealed
 * value copied to another brand or field does not open. One module, so the seed and the server never disagree.
 */

export const telegramBotTokenContext = (merchantId: string) => `merchant_secrets/${merchantId}/telegram_bot`;
export const telegramWebhookSecretContext = (merchantId: string) => `merchant_secrets/${merchantId}/telegram_webhook_secret`;

/** A brand's bot, in the clear (the demo's is in the README). */
export interface TelegramBotAccount {
  /** The numeric bot id (the token's part before the colon). */
  id: string;
  username: string;
  token: string;
  webhookSecret: string;
}

/** The merchant_secrets columns of a bot, sealed. */
export function sealTelegramBot(
  box: SecretBox,
  merchantId: string,
  bot: Pick<TelegramBotAccount, 'token' | 'webhookSecret'>,
): { telegramBotToken: string; telegramWebhookSecret: string } {
  return {
    telegramBotToken: box.seal(bot.token, telegramBotTokenContext(merchantId)),
    telegramWebhookSecret: box.seal(bot.webhookSecret, telegramWebhookSecretContext(merchantId)),
  };
}
