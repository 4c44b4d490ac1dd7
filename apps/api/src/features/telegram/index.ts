/** The Telegram feature's public surface (issue 30): Mini App data checks, the brands' bot keys, the mini app's calls. */
export { createBotKeys, type BotKeys, type BrandBot } from './bot-keys.ts';
export {
  checkContact,
  checkInitData,
  checkSigned,
  requireTelegramUser,
  INIT_DATA_MIN_LENGTH,
  type BotKey,
  type CheckedInitData,
  type InitDataOptions,
  type SharedContact,
  type TelegramUser,
} from './init-data.ts';
export { webbotRoutes } from './webbot.routes.ts';
export { createTelegramLaunch, createWebbotService, type TelegramLaunch, type WebbotService } from './webbot.service.ts';
