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
