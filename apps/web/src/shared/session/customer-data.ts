import { hostnameOf, isDevHost, LANG_COOKIE, VENDOR_COOKIE } from '@dasturxon/domain';
import { VERSION_KEY } from '../../lib/app-version.ts';
import { cookieDomainsOf, parseCookies } from '../../lib/cookies.ts';

/** What a logout keeps on the device; everything else of the customer goes. */
export interface KeptOnLogout {
  local: readonly string[];
  session: readonly string[];
  cookies: readonly string[];
}

/**
 * Spec section 4, "Logout": token, profile, cookies, local and session storage, nearest branch,
 * address and order go; the merchant and the messaging init data stay. Here that is:
 * - the app version (else the next start would take the device for another client's and reload);
 * - the Telegram flag of the tab (lib/telegram.ts), which is how this tab knows it is a Mini App, and the Mini App's
 *   signed data (shared/telegram/init-data.ts), with which the next login starts; the Click mini app's flag too;
 * - the `vendor` cookie on development hosts, which is what names the merchant there;
 * - the `lang` cookie: the interface language is the device's choice, not the customer's data, and
 *   the screen keeps speaking it after the logout, so the next visit should too.
 * The basket and the order draft live in local storage and go with it.
 */
export function keptOnLogout(devHost: boolean): KeptOnLogout {
  return {
    local: [VERSION_KEY],
    session: ['in-telegram', 'telegram-init-data', 'in-click'],
    cookies: devHost ? [LANG_COOKIE, VENDOR_COOKIE] : [LANG_COOKIE],
  };
}

type KeyedStore = Pick<Storage, 'length' | 'key' | 'removeItem'>;

/** Removes every key of a store but the kept ones. */
export function clearStoreExcept(store: KeyedStore, keep: readonly string[]): void {
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && !keep.includes(key)) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}

function clearCookiesExcept(keep: readonly string[]): void {
  const expire = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0';
  const domains = ['', ...cookieDomainsOf(location.hostname).map((d) => `; domain=${d}`)];
  const segments = location.pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  for (const name of parseCookies(document.cookie).keys()) {
    if (keep.includes(name)) continue;
    for (const domain of domains) for (const path of paths) document.cookie = `${name}=; ${expire}; path=${path}${domain}`;
  }
}

/** Clears the customer's data from this device (what a logout clears besides the session itself). */
export function clearCustomerData(): void {
  const kept = keptOnLogout(isDevHost(hostnameOf(location.host)));
  for (const [store, keep] of [
    ['local', kept.local],
    ['session', kept.session],
  ] as const) {
    try {
      clearStoreExcept(store === 'local' ? localStorage : sessionStorage, keep);
    } catch {
      // Storage forbidden in this webview: nothing was kept there either.
    }
  }
  clearCookiesExcept(kept.cookies);
}
