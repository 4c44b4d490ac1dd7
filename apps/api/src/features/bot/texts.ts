import type { OrderStatus } from '@dasturxon/domain';
import { languageOfTelegramCode, messagingLanguageOf } from '@dasturxon/domain';
import { STATUS_WORDS } from '../notifications/index.ts';

/** The bot's three languages (issue 30): a Telegram `language_code` outside them reads as ru. */
export const BOT_LANGUAGES = ['uz', 'ru', 'eng'] as const;
export type BotLanguage = (typeof BOT_LANGUAGES)[number];

/** The bot's language of a Telegram user: the customer's stored choice, else their app's language, else ru. */
export function botLanguageOf(stored: string | null | undefined, languageCode: string | undefined): BotLanguage {
  if (stored && (BOT_LANGUAGES as readonly string[]).includes(stored)) return messagingLanguageOf(stored);
  return languageOfTelegramCode(languageCode) ?? 'ru';
}

/** Everything the bot says, in its three languages (one catalogue: replies, buttons, commands). */
export const BOT_TEXTS = {
  uz: {
    welcome: (brand: string) => `${brand}ga xush kelibsiz! Menyuni ochib, buyurtma bering.`,
    open: 'Menyuni ochish',
    openProduct: 'Taomni ochish',
    openOrder: 'Buyurtmani ochish',
    menu: 'Menyu',
    askContact: "Buyurtmalaringizni ko'rish uchun telefon raqamingizni yuboring.",
    shareContact: 'Raqamni yuborish',
    linked: (phone: string) => `Rahmat! ${phone} raqami ulandi.`,
    notYours: "Iltimos, o'zingizning raqamingizni tugma orqali yuboring.",
    noOrders: "Faol buyurtmalaringiz yo'q.",
    notLinked: 'Avval telefon raqamingizni yuboring: /start',
    orders: 'Faol buyurtmalaringiz:',
    order: (n: number, status: string) => `№${n} — ${status}`,
    help: 'Menyu uchun /start, faol buyurtmalar uchun /orders yuboring.',
    commandStart: 'Menyuni ochish',
    commandOrders: 'Faol buyurtmalar',
  },
  ru: {
    welcome: (brand: string) => `Добро пожаловать в ${brand}! Откройте меню и сделайте заказ.`,
    open: 'Открыть меню',
    openProduct: 'Открыть блюдо',
    openOrder: 'Открыть заказ',
    menu: 'Меню',
    askContact: 'Чтобы видеть свои заказы, поделитесь номером телефона.',
    shareContact: 'Поделиться номером',
    linked: (phone: string) => `Спасибо! Номер ${phone} привязан.`,
    notYours: 'Пожалуйста, отправьте свой номер кнопкой.',
    noOrders: 'Активных заказов нет.',
    notLinked: 'Сначала поделитесь номером телефона: /start',
    orders: 'Ваши активные заказы:',
    order: (n: number, status: string) => `№${n} — ${status}`,
    help: 'Отправьте /start, чтобы открыть меню, или /orders, чтобы увидеть активные заказы.',
    commandStart: 'Открыть меню',
    commandOrders: 'Активные заказы',
  },
  eng: {
    welcome: (brand: string) => `Welcome to ${brand}! Open the menu and place an order.`,
    open: 'Open the menu',
    openProduct: 'Open the dish',
    openOrder: 'Open the order',
    menu: 'Menu',
    askContact: 'Share your phone number to see your orders.',
    shareContact: 'Share my number',
    linked: (phone: string) => `Thank you! ${phone} is linked.`,
    notYours: 'Please send your own number with the button.',
    noOrders: 'You have no active orders.',
    notLinked: 'Share your phone number first: /start',
    orders: 'Your active orders:',
    order: (n: number, status: string) => `№${n} — ${status}`,
    help: 'Send /start to open the menu or /orders to see your active orders.',
    commandStart: 'Open the menu',
    commandOrders: 'Active orders',
  },
} satisfies Record<BotLanguage, Record<string, unknown>>;

/** A status in words, from the catalogue the status messages use. */
export function statusWords(language: BotLanguage, status: OrderStatus): string {
  return STATUS_WORDS[language][status] ?? status;
}
