/** The id of the running build, compared with `/version.json` (vite.config.ts). */
declare const __BUILD_ID__: string;

interface Window {
  Telegram?: { WebApp?: import('./shared/telegram/web-app.ts').TelegramWebApp };
}
