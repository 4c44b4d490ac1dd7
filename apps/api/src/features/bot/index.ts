export { createBots, type Bots } from './bot.service.ts';
export { botRoutes } from './bot.routes.ts';
export { BOT_LANGUAGES, BOT_TEXTS, botLanguageOf, type BotLanguage } from './texts.ts';
