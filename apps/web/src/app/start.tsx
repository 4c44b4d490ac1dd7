import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  enabledLanguages,
  hostnameOf,
  isDevHost,
  isDevelopmentHost,
  isValidSub,
  LANG_COOKIE,
  LANG_COOKIE_DAYS,
  LANG_PARAM,
  normalizeLanguage,
  resolveLanguage,
  rewritePath,
  bootStatus,
  STATUS_PATHS,
  themeOf,
  VENDOR_COOKIE,
  type MerchantSettings,
} from '@dasturxon/domain';
import { startI18n } from '../i18n/i18n.ts';
import { whenIdleAfterLoad } from '../lib/after-load.ts';
import { enforceAppVersion } from '../lib/app-version.ts';
import { handlePreloadErrors, reloadForChunkError } from '../lib/chunk-reload.ts';
import { registerOfflineApp } from '../lib/offline-app.ts';
import { clearAllCookies, readCookie, writeCookie } from '../lib/cookies.ts';
import { HttpError, setMerchantId } from '../lib/http.ts';
import { clearStorages } from '../lib/storage.ts';
import { detectTelegram, loadTelegramScript, telegramLanguageGuess } from '../lib/telegram.ts';
import { parseBootScript, type Boot, type BootData } from '../shared/merchant/boot.ts';
import { defaultSettings, fetchCurrentMerchant, fetchMerchantSettings } from '../shared/merchant/merchant.api.ts';
import { applyHead, applyTheme } from '../shared/merchant/theme.ts';
import { rememberPathSegments, safePathOr } from '../shared/navigation.ts';
import { hydratePageQueries, newQueryClient } from '../shared/query-client.ts';
import { App } from './app.tsx';
import { restoreTableSeat } from '../shared/table/table-seat.ts';

/**
 * The start of the storefront, before anything is drawn: version check, address rules, the
 * merchant and its settings (check-merchant), theme and language. Then the app renders once,
 * already in the brand's colours and the customer's language.
 */
export async function start(rootElement: HTMLElement): Promise<void> {
  handlePreloadErrors();
  if (enforceAppVersion()) return;
  try {
    rewriteFirstAddress();
    const vendor = rememberVendor();
    const inTelegram = detectTelegram();
    if (inTelegram) void loadTelegramScript();
    const data = parseBootScript(document.getElementById('dx-boot')?.textContent) ?? (await fetchBootData(vendor));
    const status = bootStatus(data);
    if (status === 'unavailable') {
      clearStorages();
      clearAllCookies();
      console.warn('Merchant is not available for this address:', data.error ?? 'the lookup gave no merchant id');
    }
    moveToStatusPage(status);

    const merchant = status === 'unavailable' ? null : data.merchant;
    if (merchant) setMerchantId(merchant.id);
    // A visitor seated at a table before a reload: their calls say the seat again (issue 32).
    restoreTableSeat();
    const settings = data.settings ?? (await settingsFallback(merchant?.color));
    applyTheme(themeOf(settings));

    const queryClient = newQueryClient();
    // A page the server rendered (for a guest, in the browser's language) is taken over as it stands;
    // inside Telegram the menu is another one, so that page is drawn anew.
    const rendered = Boolean(data.queries && data.lang && rootElement.firstElementChild && !inTelegram);
    if (rendered && data.queries) hydratePageQueries(queryClient, data.queries);

    // Inside Telegram the user's own language is the first guess, until a language is chosen here (issue 30).
    const chosen = chosenLanguage() ?? (inTelegram ? telegramLanguageGuess() : null);
    const lang =
      rendered && data.lang
        ? data.lang
        : resolveLanguage({
            forcedLanguage: settings.forcedLanguage,
            chosen,
            mainLanguage: settings.mainLanguage,
            enabled: enabledLanguages(settings),
            inTelegram,
          });
    await startI18n(lang);
    applyHead(settings, merchant, lang);

    const boot: Boot = { status, merchant, settings, inTelegram, brandSwitcher: data.brandSwitcher === true };
    const app = <App boot={boot} queryClient={queryClient} />;
    // main.tsx has let the server's page paint (and its largest picture load) before this code was asked for.
    // Taken over as a transition: React then hydrates in slices of a few milliseconds and lets a tap or a scroll
    // in between, instead of holding the page for the whole of it (on a cheap phone, a long task of its own).
    if (rendered) startTransition(() => void hydrateRoot(rootElement, app));
    else createRoot(rootElement).render(app);
    // Watching for a newer deployment is no part of the first screen: its code comes at the first quiet moment.
    whenIdleAfterLoad(() => void import('../lib/build-watch.ts').then((m) => m.watchForNewBuilds()).catch(() => undefined));
    // The worker that keeps pages already seen for the times without a network: after load, too.
    whenIdleAfterLoad(registerOfflineApp);
  } catch (error) {
    console.error('The storefront could not start', error);
    if (!reloadForChunkError()) showStartFailure(rootElement);
  }
}

/** Spec section 2 for the first address: `/uz/1/basket` → cookies lang=uz, page=1, then `/basket`. */
function rewriteFirstAddress(): void {
  const rewrite = rewritePath(location.pathname, location.search, location.hash);
  if (!rewrite.redirectTo) return;
  rememberPathSegments(rewrite);
  history.replaceState(history.state, '', safePathOr(rewrite.redirectTo));
}

/** `?lang=` (the address of a page in a language, as search engines list it) wins over the cookie and becomes the choice. */
function chosenLanguage(): string | null {
  const fromAddress = normalizeLanguage(new URLSearchParams(location.search).get(LANG_PARAM));
  if (fromAddress) writeCookie(LANG_COOKIE, fromAddress, LANG_COOKIE_DAYS);
  return fromAddress ?? readCookie(LANG_COOKIE);
}

/** On localhost and 127.0.0.1 the brand comes from `?vendor=`, kept in a cookie so later pages keep it. */
function rememberVendor(): string | null {
  if (!isDevHost(hostnameOf(location.host))) return null;
  const fromAddress = new URLSearchParams(location.search).get('vendor')?.trim().toLowerCase();
  if (fromAddress && isValidSub(fromAddress)) {
    writeCookie(VENDOR_COOKIE, fromAddress, 365);
    return fromAddress;
  }
  return readCookie(VENDOR_COOKIE);
}

/** Without the server's inlined data: both calls at once (the server knows the brand from the host). */
async function fetchBootData(vendor: string | null): Promise<BootData> {
  const [merchant, settings] = await Promise.allSettled([fetchCurrentMerchant(vendor), fetchMerchantSettings('WEB')]);
  return {
    merchant: merchant.status === 'fulfilled' ? merchant.value : null,
    settings: settings.status === 'fulfilled' ? settings.value : null,
    error: merchant.status === 'rejected' && merchant.reason instanceof HttpError ? merchant.reason.body : null,
    // No page from our server (`npx vite` in development): the API it talks to answers there.
    brandSwitcher: isDevelopmentHost(location.host),
  };
}

/** Spec section 8: failed settings fall back to the defaults, silently; the merchant's own colour still shows. */
async function settingsFallback(merchantColor: string | undefined): Promise<MerchantSettings> {
  const defaults = await defaultSettings();
  return merchantColor ? { ...defaults, mainColor: merchantColor } : defaults;
}

/** A blocked or unknown merchant shows its page at once; a ready one never shows those pages. */
function moveToStatusPage(status: Boot['status']): void {
  const target = STATUS_PATHS[status];
  const onStatusPage = location.pathname === STATUS_PATHS.blocked || location.pathname === STATUS_PATHS.unavailable;
  if (status !== 'ready' && location.pathname !== target) history.replaceState(null, '', target);
  else if (status === 'ready' && onStatusPage) history.replaceState(null, '', '/');
}

/**
 * Nothing could be drawn (no network for the translations or the code). The only untranslated
 * words of the storefront: the translations are exactly what failed, so it says it in uz and ru.
 */
function showStartFailure(rootElement: HTMLElement): void {
  document.documentElement.dataset.ready = 'failed';
  rootElement.innerHTML = '';
  const box = document.createElement('div');
  box.setAttribute('data-testid', 'start-failure');
  box.style.cssText = 'min-height:100vh;display:grid;place-items:center;padding:24px;text-align:center;font-family:system-ui,sans-serif';
  const text = document.createElement('p');
  text.textContent = "Sahifani yuklab bo'lmadi. Internetni tekshiring. / Не удалось загрузить страницу. Проверьте интернет.";
  const button = document.createElement('button');
  button.textContent = '↻';
  button.style.cssText = 'margin-top:16px;font-size:24px;padding:8px 20px;border-radius:12px;border:1px solid #ccc;background:#fff';
  button.onclick = () => location.reload();
  const inner = document.createElement('div');
  inner.append(text, button);
  box.append(inner);
  rootElement.append(box);
}
