import { readStored, writeStored } from './storage.ts';

const TELEGRAM_FLAG = 'in-telegram';
const INIT_DATA_KEY = 'telegram-init-data';

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
 * The Mini App's signed data, when the storefront runs inside Telegram: from Telegram's script, or from the first
 * page's address hash (later navigations lose it, so it is kept for the tab). The server checks its signature with
 * the brand's bot token before it trusts the chat it names (an order's status messages go there).
 */
export function telegramInitData(): string | null {
  const fromScript = window.Telegram?.WebApp?.initData;
  if (hasTelegramInitData(fromScript)) return fromScript!;
  const fromHash = /(?:^|[#&])tgWebAppData=([^&]*)/.exec(location.hash)?.[1];
  if (fromHash && hasTelegramInitData(fromHash)) {
    const decoded = decodeURIComponent(fromHash);
    writeStored(INIT_DATA_KEY, decoded, 'session');
    return decoded;
  }
  return readStored(INIT_DATA_KEY, 'session');
}
