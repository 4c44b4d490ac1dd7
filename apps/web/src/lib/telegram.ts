import { languageOfTelegramCode } from '@dasturxon/domain';
import { readStored, writeStored } from './storage.ts';

const TELEGRAM_FLAG = 'in-telegram';

/** Spec section 5: init data of 10 characters or fewer counts as missing. */
export function hasTelegramInitData(initData: string | null | undefined): boolean {
  return typeof initData === 'string' && initData.length > 10;
}

/**
 * True inside a Telegram Mini App. Telegram passes its data in the address hash of the first page;
 * the flag is kept for the tab because later navigations lose the hash.
 */
export function detectTelegram(): boolean {
  const fromHash = /(?:^|[#&])tgWebAppData=([^&]*)/.exec(location.hash)?.[1];
  const inside = hasTelegramInitData(window.Telegram?.WebApp?.initData) || hasTelegramInitData(fromHash);
  if (inside) writeStored(TELEGRAM_FLAG, '1', 'session');
  return inside || readStored(TELEGRAM_FLAG, 'session') === '1';
}

/**
 * The Telegram user's `language_code` from the Mini App's data, as the first guess of the interface language (spec
 * section 4: inside Telegram only uz, ru and eng; `resolveLanguage` limits it). Null when there is none.
 */
export function telegramLanguageGuess(): string | null {
  return languageOfInitData(
    window.Telegram?.WebApp?.initData || decodeURIComponent(/(?:^|[#&])tgWebAppData=([^&]*)/.exec(location.hash)?.[1] ?? ''),
  );
}

/** The storefront language of initData's `user.language_code`: uz, ru or eng, else null. */
export function languageOfInitData(raw: string): string | null {
  try {
    const user = JSON.parse(new URLSearchParams(raw).get('user') ?? 'null') as { language_code?: unknown } | null;
    return languageOfTelegramCode(typeof user?.language_code === 'string' ? user.language_code : null);
  } catch {
    return null;
  }
}

const CLICK_FLAG = 'in-click';

/**
 * True inside Click's mini app (issue 30): its launch address carries `click_mini_app` (or Click's `web_session`), or
 * the page is drawn by Click's app (its user agent names it). Kept for the tab, like the Telegram flag. Orders from
 * there are the Click mini app's (order device CLICK_MINI_APP, channel CLICK); its login is the phone login.
 */
export function detectClickMiniApp(): boolean {
  const inside = isClickLaunch(location.search, navigator.userAgent);
  if (inside) writeStored(CLICK_FLAG, '1', 'session');
  return inside || readStored(CLICK_FLAG, 'session') === '1';
}

/** Whether an address's query and a user agent are Click's mini app's launch. */
export function isClickLaunch(search: string, userAgent: string): boolean {
  const query = new URLSearchParams(search);
  return query.has('click_mini_app') || query.has('web_session') || /\bClick(?:App|Up|SuperApp)?\/\d/i.test(userAgent);
}

let telegramScript: Promise<void> | null = null;

/**
 * Telegram's own `telegram-web-app.js` (docs/decisions/019-telegram-mini-app.md), asked for at start only inside
 * Telegram and only when Telegram has not already put its WebApp there, while the launch data is still in the
 * address. Resolves once it ran (or failed: the mini app then runs as the web).
 */
export function loadTelegramScript(): Promise<void> {
  if (window.Telegram?.WebApp) return Promise.resolve();
  telegramScript ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-web-app.js';
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => resolve();
    document.head.append(script);
  });
  return telegramScript;
}
