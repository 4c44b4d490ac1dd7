import type { TelegramWebApp } from './shared/telegram/web-app.ts';

declare global {
  /** The id of the running build, compared with `/version.json` (vite.config.ts). */
  const __BUILD_ID__: string;

  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}
