import type { FastifyBaseLogger } from 'fastify';
import { GrammyError, type Api } from 'grammy';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  branches,
  cities,
  createSecretBox,
  DEV_PAYMENT_SECRETS_KEY,
  merchants,
  merchantSecrets,
  notifications,
  reservations,
  telegramBotTokenContext,
  users,
  type Db,
} from '@dasturxon/db';
import {
  CONTENT_LANGUAGES,
  DEFAULT_TIME_ZONE,
  formatTimeOfDay,
  pickText,
  zonedDay,
  type ContentLanguage,
  type LocalizedText,
  type OrderStatus,
  type ReservationNewsKind,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { readSettings } from '../merchants/index.ts';

/*
 * Telegram (issue 15; docs/protocols.md section 4): the customer's chat is known only from Mini App data the brand's bot
 * signed (features/telegram/init-data.ts checks it when the order is placed), never from an id the client names; each
 * status message goes through the brand's bot (grammY's api of the bot feature's Bot) with the Bot API's sendMessage,
 * from notification rows written in the move's own transaction.
 */

/** Tries before a message is given up (FAILED). */
export const TELEGRAM_MAX_TRIES = 5;

const sealContext = telegramBotTokenContext;

/** The words of each status the customer is told of (a courier taking a ready order is not one: customerSeesMove). */
export const STATUS_WORDS: Record<ContentLanguage, Partial<Record<OrderStatus, string>>> = {
  uz: {
    OPEN: 'qabul qilinishini kutmoqda',
    ACCEPTED: 'qabul qilindi',
    COOKING: 'tayyorlanmoqda',
    DONE: 'tayyor',
    ON_WAY: "yo'lda",
    DELIVERED: 'yetkazildi',
    CLOSED: 'yakunlandi',
    CANCELED: 'bekor qilindi',
    AT_TIME: 'belgilangan vaqtga rejalashtirildi',
  },
  ru: {
    OPEN: 'ожидает подтверждения',
    ACCEPTED: 'принят',
    COOKING: 'готовится',
    DONE: 'готов',
    ON_WAY: 'в пути',
    DELIVERED: 'доставлен',
    CLOSED: 'завершён',
    CANCELED: 'отменён',
    AT_TIME: 'запланирован на выбранное время',
  },
  eng: {
    OPEN: 'is waiting to be accepted',
    ACCEPTED: 'is accepted',
    COOKING: 'is being prepared',
    DONE: 'is ready',
    ON_WAY: 'is on the way',
    DELIVERED: 'is delivered',
    CLOSED: 'is complete',
    CANCELED: 'is cancelled',
    AT_TIME: 'is scheduled for its time',
  },
};
const ORDER_WORD: Record<ContentLanguage, string> = { uz: 'Buyurtma', ru: 'Заказ', eng: 'Order' };

/** The message of a status change, in the brand's main language. */
export function statusMessage(input: { brand: string; number: number; status: OrderStatus; language: ContentLanguage }): string {
  const words = STATUS_WORDS[input.language] ?? STATUS_WORDS.ru;
  return `${input.brand}: ${ORDER_WORD[input.language]} №${input.number} ${words[input.status] ?? input.status}`;
}

/** The words of a reservation's news in the bot's languages; `{when}` is 'DD.MM HH:MM' on the branch's clock. */
export const RESERVATION_WORDS: Record<ContentLanguage, Record<ReservationNewsKind, string>> = {
  uz: {
    BOOKED: '{brand}: {when} uchun stol band qilindi. {branch}',
    CONFIRMED: '{brand}: {when} uchun bron tasdiqlandi. {branch}',
    NO_SHOW: '{brand}: {when} uchun bron — siz kelmadingiz, stol bo‘shatildi. {branch}',
    CANCELLED: '{brand}: {when} uchun bron bekor qilindi. {branch}',
  },
  ru: {
    BOOKED: '{brand}: для вас забронирован стол на {when}. {branch}',
    CONFIRMED: '{brand}: бронь на {when} подтверждена. {branch}',
    NO_SHOW: '{brand}: бронь на {when} снята — вы не пришли. {branch}',
    CANCELLED: '{brand}: бронь на {when} отменена. {branch}',
  },
  eng: {
    BOOKED: '{brand}: a table is booked for you for {when}. {branch}',
    CONFIRMED: '{brand}: your reservation for {when} is confirmed. {branch}',
    NO_SHOW: '{brand}: your reservation for {when} is closed as a no-show. {branch}',
    CANCELLED: '{brand}: your reservation for {when} is cancelled. {branch}',
  },
};

/** The message of a reservation's news in the customer's bot language (else the brand's main one). */
export function reservationMessage(input: {
  brand: string;
  news: ReservationNewsKind;
  startsAt: Date;
  timeZone: string;
  branch: string;
  language: ContentLanguage;
}): string {
  const day = zonedDay(input.startsAt, input.timeZone);
  const when = `${day.slice(8, 10)}.${day.slice(5, 7)} ${formatTimeOfDay(input.startsAt, { timeZone: input.timeZone })}`;
  const fields: Record<string, string> = { brand: input.brand, when, branch: input.branch };
  const words = RESERVATION_WORDS[input.language] ?? RESERVATION_WORDS.ru;
  return words[input.news].replace(/\{(\w+)\}/g, (_, key: string) => fields[key] ?? '').trim();
}

export interface TelegramDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  secretsKey: string | undefined;
  /** The Bot API of a brand's bot (grammY's, from the bot feature), or null when the brand has no bot. */
  apiOf: (merchantId: string) => Promise<Api | null>;
}

export function createTelegram({ db, clock, log, secretsKey, apiOf }: TelegramDeps) {
  const box = createSecretBox(secretsKey ?? DEV_PAYMENT_SECRETS_KEY);

  async function send(api: Api, chatId: string, text: string): Promise<'SENT' | 'RETRY' | 'FAILED'> {
    try {
      await api.sendMessage(chatId, text);
      return 'SENT';
    } catch (error) {
      // 429 and 5xx pass; 400 (chat not found) and 403 (the customer blocked the bot) will not get better.
      // A refusal without Telegram's error_code (a proxy's 502 page) is a passing failure too.
      if (error instanceof GrammyError)
        return !error.error_code || error.error_code === 429 || error.error_code >= 500 ? 'RETRY' : 'FAILED';
      return 'RETRY';
    }
  }

  /** A reservation's message: its branch's name and clock, in the language the customer chose in the bot. */
  async function reservationText(
    message: typeof notifications.$inferSelect,
    brand: string,
    mainLanguage: ContentLanguage,
  ): Promise<string | null> {
    if (!message.reservationId || !message.reservationNews || !message.reservationAt) return null;
    const [place] = await db
      .select({ name: branches.name, timeZone: cities.timeZone })
      .from(reservations)
      .innerJoin(branches, and(eq(branches.merchantId, reservations.merchantId), eq(branches.id, reservations.branchId)))
      .innerJoin(cities, and(eq(cities.merchantId, branches.merchantId), eq(cities.id, branches.cityId)))
      .where(and(eq(reservations.merchantId, message.merchantId), eq(reservations.id, message.reservationId)));
    const [customer] = await db
      .select({ botLanguage: users.botLanguage })
      .from(users)
      .where(and(eq(users.merchantId, message.merchantId), eq(users.id, message.userId)));
    const chosen = customer?.botLanguage;
    const language = chosen && (CONTENT_LANGUAGES as readonly string[]).includes(chosen) ? (chosen as ContentLanguage) : mainLanguage;
    return reservationMessage({
      brand,
      news: message.reservationNews,
      startsAt: message.reservationAt,
      timeZone: place?.timeZone ?? DEFAULT_TIME_ZONE,
      branch: place ? pickText(place.name as LocalizedText, language) : '',
      language,
    });
  }

  return {
    /** Seals and keeps a brand's bot token (operations and tests set it; it is never returned). */
    async setBotToken(merchantId: string, token: string | null): Promise<void> {
      await db
        .insert(merchantSecrets)
        .values({ merchantId, telegramBotToken: token ? box.seal(token, sealContext(merchantId)) : null })
        .onConflictDoUpdate({
          target: merchantSecrets.merchantId,
          set: { telegramBotToken: token ? box.seal(token, sealContext(merchantId)) : null },
        });
    },

    /**
     * Sends what is due: claims a batch of pending messages (a lease of a minute, so instances sharing the database
     * never send one twice at once and a crash only delays it), sends each through its brand's bot outside any
     * transaction, and marks it sent, failed, or due again with a growing wait. Answers how many were sent.
     */
    async sendDue(batch = 20): Promise<number> {
      const now = clock.now();
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({ merchantId: notifications.merchantId, id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.telegramState, 'PENDING'), or(isNull(notifications.telegramAt), lte(notifications.telegramAt, now))))
          .orderBy(asc(notifications.createdAt))
          .limit(batch)
          .for('update', { skipLocked: true });
        if (!due.length) return [];
        return tx
          .update(notifications)
          .set({ telegramAt: new Date(now.getTime() + 60_000), telegramTries: sql`${notifications.telegramTries} + 1` })
          .where(
            inArray(
              sql`(${notifications.merchantId}, ${notifications.id})`,
              due.map((d) => sql`(${d.merchantId}::uuid, ${d.id}::uuid)`),
            ),
          )
          .returning();
      });
      let sent = 0;
      for (const message of claimed) {
        const api = await apiOf(message.merchantId);
        const [brand] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, message.merchantId)).limit(1);
        const { mainLanguage } = await readSettings(db, message.merchantId);
        const text =
          message.kind === 'RESERVATION'
            ? await reservationText(message, brand?.name ?? '', mainLanguage)
            : message.status && message.orderNumber !== null
              ? statusMessage({ brand: brand?.name ?? '', number: message.orderNumber, status: message.status, language: mainLanguage })
              : null;
        const outcome = api && message.telegramChatId && text ? await send(api, message.telegramChatId, text) : 'FAILED';
        const giveUp = outcome === 'FAILED' || (outcome === 'RETRY' && message.telegramTries >= TELEGRAM_MAX_TRIES);
        await db
          .update(notifications)
          .set(
            outcome === 'SENT'
              ? { telegramState: 'SENT', telegramAt: clock.now() }
              : giveUp
                ? { telegramState: 'FAILED', telegramAt: clock.now() }
                : { telegramAt: new Date(clock.now().getTime() + 2 ** message.telegramTries * 5_000) },
          )
          .where(and(eq(notifications.merchantId, message.merchantId), eq(notifications.id, message.id)));
        if (outcome === 'SENT') sent++;
        else if (giveUp)
          log.warn(
            { merchantId: message.merchantId, notificationId: message.id, tries: message.telegramTries },
            'a Telegram message was given up',
          );
      }
      return sent;
    },
  };
}

export type Telegram = ReturnType<typeof createTelegram>;
