import { useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HttpError } from '../../lib/http.ts';
import { loadTelegramScript } from '../../lib/telegram.ts';
import { useBasketCount } from '../../shared/basket/basket-store.ts';
import { isLoggedIn, startSession } from '../../shared/session/session-store.ts';
import { telegramInitData } from '../../shared/telegram/init-data.ts';
import { haptic, telegramWebApp, type TelegramThemeParams, type TelegramWebApp } from '../../shared/telegram/web-app.ts';
import { onToast, toast } from '../../shared/ui/toast.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import type { LoginResponse } from '@dasturxon/domain';
import { fetchWebbotSetting, linkTelegramUser, telegramContactLogin, telegramToken } from './telegram.api.ts';

/**
 * The storefront as a Telegram Mini App (issue 30). Mounted by the app only inside Telegram, from a chunk of its own:
 * Telegram's look (themeParams, light and dark, following themeChanged), the BackButton mirroring the router's back,
 * closing confirmation while the basket is not empty, haptics on add, remove and errors, outside links through
 * openLink, and the login from Telegram's signed data. The MainButton is each page's (shared/telegram/main-button.ts).
 */
export function TelegramMiniApp() {
  const webApp = useWebApp();
  if (!webApp) return null;
  return <MiniApp webApp={webApp} />;
}

function MiniApp({ webApp }: { webApp: TelegramWebApp }) {
  useEffect(() => {
    webApp.ready?.();
    webApp.expand?.();
    const paint = () => applyTelegramTheme(webApp.themeParams ?? {}, webApp.colorScheme);
    paint();
    webApp.onEvent?.('themeChanged', paint);
    return () => webApp.offEvent?.('themeChanged', paint);
  }, [webApp]);
  useBackButton(webApp);
  useBasketGuards(webApp);
  useOutsideLinks(webApp);
  useTelegramLogin(webApp);
  return null;
}

/** Telegram's WebApp: there at once when Telegram injected it (or a test's stand-in), else once its script has loaded. */
function useWebApp(): TelegramWebApp | null {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const current = telegramWebApp();
  useEffect(() => {
    if (!current) void loadTelegramScript().then(loaded);
  }, [current]);
  return current;
}

/**
 * Telegram's colours onto the storefront's theme variables (index.css): the page, its cards, text and hints take the
 * chat's look, light or dark; the brand's colour stays on its buttons, and Telegram's MainButton wears it too.
 */
export function applyTelegramTheme(theme: TelegramThemeParams, scheme: 'light' | 'dark' | undefined): void {
  const root = document.documentElement;
  const set = (name: string, value: string | undefined) => {
    if (value && /^#[0-9a-f]{3,8}$/i.test(value)) root.style.setProperty(name, value);
  };
  set('--bg', theme.secondary_bg_color ?? theme.bg_color);
  set('--surface', theme.section_bg_color ?? theme.bg_color);
  set('--surface-2', theme.secondary_bg_color ?? theme.bg_color);
  set('--ink', theme.text_color);
  set('--muted', theme.hint_color);
  const dark = scheme === 'dark';
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.dataset.telegramTheme = dark ? 'dark' : 'light';
  const style = getComputedStyle(root);
  const brand = style.getPropertyValue('--brand').trim();
  const onBrand = style.getPropertyValue('--on-brand').trim();
  if (brand && onBrand) window.Telegram?.WebApp?.MainButton?.setParams?.({ color: brand, text_color: onBrand });
}

/** The BackButton is shown while the router has somewhere to go back to, and goes back there. */
function useBackButton(webApp: TelegramWebApp) {
  const location = useLocation();
  const navigate = useNavigate();
  const back = webApp.BackButton;
  useEffect(() => {
    if (!back) return;
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index <= 0) {
      back.hide();
      return;
    }
    const goBack = () => void navigate(-1);
    back.onClick(goBack);
    back.show();
    return () => back.offClick(goBack);
  }, [back, location.key, navigate]);
}

/** Closing asks first while the basket is not empty; adding and removing taps, an error notice buzzes. */
function useBasketGuards(webApp: TelegramWebApp) {
  const count = useBasketCount();
  const previous = useRef(count);
  useEffect(() => {
    if (count > 0) webApp.enableClosingConfirmation?.();
    else webApp.disableClosingConfirmation?.();
    if (count > previous.current) haptic('add');
    else if (count < previous.current) haptic('remove');
    previous.current = count;
  }, [webApp, count]);
  useEffect(() => onToast((item) => item.kind === 'error' && haptic('error')), []);
}

/** A link to another site opens through Telegram (its in-app browser), not inside the mini app. */
function useOutsideLinks(webApp: TelegramWebApp) {
  useEffect(() => {
    const open = webApp.openLink;
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = new URL(anchor.href, location.href);
      if (url.origin === location.origin || !/^https?:$/.test(url.protocol)) return;
      event.preventDefault();
      open.call(webApp, url.href);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [webApp]);
}

/**
 * The login from Telegram's signed data (docs/telegram.md): a customer already signed in is linked to the Telegram user
 * (`users/auth`); a known Telegram user is logged in silently; a new one
 * shares the phone (`requestContact`, when the brand requires a verified phone) or, declined, takes the SMS code
 * login, which then finishes through the mini app's login (features/auth/auth.api.ts). initData naming no user shows
 * the catalogue's "Telegram ID not found; restart the bot".
 */
function useTelegramLogin(webApp: TelegramWebApp) {
  const navigate = useNavigate();
  const location = useLocation();
  // Where the customer is when the login lands: the name step (asked once, issue 29) goes back there.
  const here = useRef(location.pathname + location.search);
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location.pathname, location.search]);
  const errorText = useErrorText();
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const initData = telegramInitData();
    if (!initData) return;
    if (isLoggedIn()) {
      // Signed in on the web before: the Telegram user is linked to this customer and the session becomes the mini app's.
      linkTelegramUser(initData).then(startSession, (error: unknown) => console.warn('Linking the Telegram user failed', error));
      return;
    }
    /** Signed in: a customer whose name is still Telegram's (or none) is asked it once, then back where they were. */
    const signedIn = (session: LoginResponse) => {
      startSession(session);
      if (session.user.askName) void navigate('/login/name', { state: { from: here.current } });
    };
    void (async () => {
      try {
        signedIn(await telegramToken(initData));
        return;
      } catch (error) {
        // A brand without a bot (TELEGRAM_BOT_OFF) leaves the customer a guest, as on the web, without a word.
        if (error instanceof HttpError && error.code === 'TELEGRAM_BOT_OFF') return;
        if (!(error instanceof HttpError) || error.code !== 'TELEGRAM_PHONE_REQUIRED') {
          toast(errorText(error), 'error');
          return;
        }
      }
      try {
        const setting = await fetchWebbotSetting();
        const contact = setting.phoneRequired ? await askContact(webApp) : null;
        if (contact) {
          signedIn(await telegramContactLogin(initData, contact));
          toast(t('auth.loggedIn'), 'success');
          return;
        }
        void navigate('/login');
      } catch (error) {
        toast(errorText(error), 'error');
      }
    })();
  }, [webApp, navigate, errorText, t]);
}

/** Telegram's contact sheet: the signed contact string when the customer shares it, else null. */
function askContact(webApp: TelegramWebApp): Promise<string | null> {
  const request = webApp.requestContact;
  if (!request) return Promise.resolve(null);
  return new Promise((resolve) => {
    request.call(webApp, (sent, event) => resolve(sent && event?.response ? event.response : null));
  });
}
