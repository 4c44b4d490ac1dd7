import { telegramWebApp } from './web-app.ts';

/**
 * Where the device is, asked through Telegram's LocationManager (Bot API 8.0) inside Telegram: the customer grants it
 * to the bot once, and the browser's own prompt is never shown there (issue 30). Resolves null when Telegram has no
 * location for us (an older client, not granted, refused).
 */
export function telegramLocation(): Promise<[number, number] | null> {
  const manager = telegramWebApp()?.LocationManager;
  if (!manager) return Promise.resolve(null);
  return new Promise((resolve) => {
    const ask = () => {
      if (!manager.isLocationAvailable) return resolve(null);
      manager.getLocation((data) => resolve(data ? [data.latitude, data.longitude] : null));
    };
    if (manager.isInited) ask();
    else manager.init(ask);
  });
}
