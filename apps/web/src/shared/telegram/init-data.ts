import { readStored, writeStored } from '../../lib/storage.ts';
import { hasTelegramInitData } from '../../lib/telegram.ts';

// Here, not in lib/telegram.ts: only the mini app's login, the logout and the checkout need it, and the first screen carries lib.
/** Kept for the tab, and kept by a logout too (spec section 4, Logout: the messaging init data stays). */
export const INIT_DATA_KEY = 'telegram-init-data';

/**
 * The Mini App's signed data, when the storefront runs inside Telegram: from Telegram's script, or from the first
 * page's address hash (kept for the tab: later navigations lose it). It goes with the order; the server checks its
 * signature with the brand's bot token before it trusts the chat it names (the order's status messages go there).
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
