import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { Api, Bot, InlineKeyboard, Keyboard, type Context } from 'grammy';
import type { LanguageCode, Update, UserFromGetMe } from 'grammy/types';
import {
  createSecretBox,
  DEV_PAYMENT_SECRETS_KEY,
  merchants,
  merchantSecrets,
  orders,
  telegramBotTokenContext,
  telegramWebhookSecretContext,
  type Db,
} from '@dasturxon/db';
import { ACTIVE_ORDER_STATUSES, normalizePhone } from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { createUsersRepository } from '../auth/index.ts';
import { BOT_LANGUAGES, BOT_TEXTS, botLanguageOf, statusWords, type BotLanguage } from './texts.ts';

/*
 * Each brand's Telegram bot (issue 30; docs/telegram.md "Bot"): one grammY Bot per brand, built from its sealed token
 * and kept until the token changes, serving the brand's webhook. Its botInfo comes from the id and username the setup
 * stored, so an update needs no getMe. The status messages of issue 15 go through the same bot's api.
 */

// The same seal contexts as the seed and the mini app's keys (packages/db telegram-bot.ts).
const tokenContext = telegramBotTokenContext;
const secretContext = telegramWebhookSecretContext;
/** Telegram's language codes of the bot's languages (setMyCommands). */
const TELEGRAM_CODE: Record<BotLanguage, LanguageCode> = { uz: 'uz', ru: 'ru', eng: 'en' };

export interface BotsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  secretsKey: string | undefined;
  /** The Bot API's address (TELEGRAM_API_URL). */
  apiUrl: string;
  /** A brand's storefront address (https://<sub>.<base domain>), which the mini app opens. */
  siteOf: (sub: string) => string;
}

interface Brand {
  id: string;
  sub: string;
  name: string;
  botId: string | null;
  botUsername: string | null;
  token: string | null;
  webhookSecret: string | null;
}

export function createBots({ db, clock, log, secretsKey, apiUrl, siteOf }: BotsDeps) {
  const box = createSecretBox(secretsKey ?? DEV_PAYMENT_SECRETS_KEY);
  const usersRepo = createUsersRepository(db);
  const cache = new Map<string, { token: string; botId: string | null; bot: Bot }>();

  const open = (sealed: string | null | undefined, context: string): string | null => {
    if (!sealed) return null;
    try {
      return box.open(sealed, context);
    } catch {
      log.error({ context }, 'a sealed Telegram secret does not open with PAYMENT_SECRETS_KEY');
      return null;
    }
  };

  async function brandOf(where: { id: string } | { sub: string }): Promise<Brand | null> {
    const [row] = await db
      .select({
        id: merchants.id,
        sub: merchants.sub,
        name: merchants.name,
        botId: merchants.telegramBotId,
        botUsername: merchants.telegramBotUsername,
        token: merchantSecrets.telegramBotToken,
        webhookSecret: merchantSecrets.telegramWebhookSecret,
      })
      .from(merchants)
      .leftJoin(merchantSecrets, eq(merchantSecrets.merchantId, merchants.id))
      .where('id' in where ? eq(merchants.id, where.id) : eq(merchants.sub, where.sub))
      .limit(1);
    if (!row) return null;
    return { ...row, token: open(row.token, tokenContext(row.id)), webhookSecret: open(row.webhookSecret, secretContext(row.id)) };
  }

  /** The web_app address of a storefront page (the mini app opens the brand's storefront at that path). */
  const pageOf = (brand: Brand, path = '/') => `${siteOf(brand.sub)}${path}`;

  function install(bot: Bot, brand: Brand): void {
    const languageOf = async (ctx: Context) => {
      const from = ctx.from;
      const user = from ? await usersRepo.findByTelegram(brand.id, String(from.id)) : null;
      return { user, lang: botLanguageOf(user?.botLanguage, from?.language_code) };
    };

    bot.command('start', async (ctx) => {
      const { user, lang } = await languageOf(ctx);
      const t = BOT_TEXTS[lang];
      const payload = ctx.match.trim();
      const product = /^product_([0-9a-f-]{36})$/i.exec(payload);
      const order = /^order_([0-9a-f-]{36})$/i.exec(payload);
      const [label, path] = product
        ? [t.openProduct, `/product/${product[1]}`]
        : order
          ? [t.openOrder, `/profile/orders/${order[1]}`]
          : [t.open, '/'];
      await ctx.reply(t.welcome(brand.name), { reply_markup: new InlineKeyboard().webApp(label, pageOf(brand, path)) });
      if (!user) await ctx.reply(t.askContact, { reply_markup: new Keyboard().requestContact(t.shareContact).resized().oneTime() });
    });

    bot.on('message:contact', async (ctx) => {
      const { lang } = await languageOf(ctx);
      const t = BOT_TEXTS[lang];
      const contact = ctx.message.contact;
      const phone = normalizePhone(contact.phone_number.startsWith('+') ? contact.phone_number : `+${contact.phone_number}`);
      // Only the sender's own contact counts: anyone can forward someone else's card.
      if (contact.user_id !== ctx.from.id || !phone) {
        await ctx.reply(t.notYours);
        return;
      }
      await db.transaction(async (tx) =>
        createUsersRepository(tx as unknown as Db).linkTelegram(
          brand.id,
          { telegramUserId: String(ctx.from.id), phone, firstName: contact.first_name, lastName: contact.last_name },
          clock.now(),
        ),
      );
      await ctx.reply(t.linked(phone), { reply_markup: { remove_keyboard: true } });
    });

    bot.command('orders', async (ctx) => {
      const { user, lang } = await languageOf(ctx);
      const t = BOT_TEXTS[lang];
      if (!user) {
        await ctx.reply(t.notLinked);
        return;
      }
      const active = await db
        .select({ id: orders.id, number: orders.number, status: orders.status })
        .from(orders)
        .where(and(eq(orders.merchantId, brand.id), eq(orders.userId, user.id), inArray(orders.status, [...ACTIVE_ORDER_STATUSES])))
        .orderBy(desc(orders.createdAt))
        .limit(10);
      if (!active.length) {
        await ctx.reply(t.noOrders);
        return;
      }
      const keyboard = new InlineKeyboard();
      for (const o of active)
        keyboard.webApp(t.order(o.number, statusWords(lang, o.status)), pageOf(brand, `/profile/orders/${o.id}`)).row();
      await ctx.reply([t.orders, ...active.map((o) => t.order(o.number, statusWords(lang, o.status)))].join('\n'), {
        reply_markup: keyboard,
      });
    });

    bot.on('message', async (ctx) => {
      const { lang } = await languageOf(ctx);
      await ctx.reply(BOT_TEXTS[lang].help);
    });

    bot.catch((error) => log.error({ err: error.error, merchantId: brand.id }, 'the brand bot failed on an update'));
  }

  /** The brand's Bot, built once per token (a changed token replaces it); null without a token. */
  function botOf(brand: Brand): Bot | null {
    if (!brand.token) return null;
    const kept = cache.get(brand.id);
    if (kept && kept.token === brand.token && kept.botId === brand.botId) return kept.bot;
    const botInfo = {
      id: Number(brand.botId ?? brand.token.split(':')[0]),
      is_bot: true,
      first_name: brand.name,
      username: brand.botUsername ?? '',
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    } as UserFromGetMe;
    const bot = new Bot(brand.token, { botInfo, client: { apiRoot: apiUrl, timeoutSeconds: 10 } });
    install(bot, brand);
    cache.set(brand.id, { token: brand.token, botId: brand.botId, bot });
    return bot;
  }

  const sameSecret = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  return {
    /**
     * Serves one webhook update of a brand: false (401, nothing done) unless the header carries the brand's sealed
     * webhook secret and the brand has a bot.
     */
    async handle(merchantId: string, secretHeader: string | undefined, update: Update): Promise<boolean> {
      const brand = await brandOf({ id: merchantId });
      if (!brand?.webhookSecret || !secretHeader || !sameSecret(secretHeader, brand.webhookSecret)) return false;
      const bot = botOf(brand);
      if (!bot) return false;
      await bot.handleUpdate(update);
      return true;
    },

    /** The Bot API of a brand's bot (status messages), or null when the brand has no bot token. */
    async apiOf(merchantId: string): Promise<Api | null> {
      const brand = await brandOf({ id: merchantId });
      return brand ? (botOf(brand)?.api ?? null) : null;
    },

    /**
     * `npm run bot -- setup`: stores the bot's id and username from getMe, creates the webhook secret when the brand
     * has none, then sets the webhook, the menu button and the commands in the three languages.
     */
    async setup(sub: string, publicUrl: string): Promise<{ username: string; webhook: string }> {
      const brand = await brandOf({ sub });
      if (!brand) throw new Error(`no brand ${sub}`);
      if (!brand.token) throw new Error(`brand ${sub} has no bot token`);
      const api = new Api(brand.token, { apiRoot: apiUrl });
      const me = await api.getMe();
      await db
        .update(merchants)
        .set({ telegramBotId: String(me.id), telegramBotUsername: me.username })
        .where(eq(merchants.id, brand.id));
      let secret = brand.webhookSecret;
      if (!secret) {
        secret = randomBytes(32).toString('hex');
        const sealed = box.seal(secret, secretContext(brand.id));
        await db
          .insert(merchantSecrets)
          .values({ merchantId: brand.id, telegramWebhookSecret: sealed })
          .onConflictDoUpdate({ target: merchantSecrets.merchantId, set: { telegramWebhookSecret: sealed } });
      }
      const webhook = `${publicUrl.replace(/\/+$/, '')}/api/telegram/${brand.id}/webhook`;
      await api.setWebhook(webhook, { secret_token: secret, allowed_updates: ['message'], drop_pending_updates: false });
      await api.setChatMenuButton({ menu_button: { type: 'web_app', text: BOT_TEXTS.ru.menu, web_app: { url: pageOf(brand) } } });
      for (const lang of BOT_LANGUAGES) {
        const t = BOT_TEXTS[lang];
        await api.setMyCommands(
          [
            { command: 'start', description: t.commandStart },
            { command: 'orders', description: t.commandOrders },
          ],
          lang === 'ru' ? {} : { language_code: TELEGRAM_CODE[lang] },
        );
      }
      cache.delete(brand.id);
      return { username: me.username, webhook };
    },
  };
}

export type Bots = ReturnType<typeof createBots>;
