import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  allowConsoleErrors,
  brandUrl,
  customerWithPickupBasket,
  expect,
  keepSettledScreenshot,
  PORT,
  put,
  basketOf,
  roundTheClockBranch,
  plainProduct,
  test,
} from './support.ts';

/*
 * The storefront as Tezkor's Telegram Mini App (issue 30) in Chromium against the real server. Telegram itself is
 * played by a stand-in `window.Telegram.WebApp` (installed before any page script) that records every call the
 * storefront makes and carries initData signed with the demo bot's token, exactly as Telegram signs it
 * (HMAC-SHA256 with the key HMAC("WebAppData", token)); its `requestContact` answers a contact string signed the same
 * way. The Click mini app's journey and the web outside Telegram (none of the mini app's code loads) are here too.
 */

const API = `http://localhost:${PORT}/api`;
const DEMO_BOT_TOKEN = '7000000001:AAEtezkorDemoBotTokenLocalTestsOnly';

const LIGHT = {
  bg_color: '#ffffff',
  secondary_bg_color: '#eef3f7',
  section_bg_color: '#ffffff',
  text_color: '#0f1419',
  hint_color: '#6d7883',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
};
const DARK = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};

/** Signs fields as Telegram signs a Mini App's launch data and a shared contact: the raw query string with `hash`. */
function signed(fields: Record<string, string>, token = DEMO_BOT_TOKEN): string {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

interface TelegramUser {
  id: number;
  first_name: string;
  language_code: string;
}

const telegramUser = (language_code = 'ru'): TelegramUser => ({
  id: 700_000_000 + Math.floor(Math.random() * 1e8),
  first_name: 'Aziz',
  language_code,
});

const initDataOf = (user: TelegramUser | null) =>
  signed({
    auth_date: String(Math.floor(Date.now() / 1000)),
    query_id: 'AAH-e2e-query',
    ...(user ? { user: JSON.stringify(user) } : {}),
  });

const contactOf = (user: TelegramUser, phone: string) =>
  signed({
    contact: JSON.stringify({ user_id: user.id, phone_number: phone.slice(1), first_name: user.first_name }),
    auth_date: String(Math.floor(Date.now() / 1000)),
  });

/**
 * The stand-in for Telegram's WebApp object: the parts the storefront uses, each call recorded in `window.__tgCalls`
 * as `name` or `name:argument`; `window.__tg` lets the test press the MainButton and the BackButton and change the
 * theme, as the customer and Telegram would.
 */
async function openInTelegram(
  page: Page,
  options: { initData: string; theme?: Record<string, string>; scheme?: 'light' | 'dark'; contact?: string | null },
): Promise<void> {
  await page.addInitScript(
    ({ initData, theme, scheme, contact }) => {
      const calls: string[] = [];
      const record = (name: string, arg?: unknown) => calls.push(arg === undefined ? name : `${name}:${String(arg)}`);
      const events = new Map<string, Set<() => void>>();
      const button = (prefix: string) => {
        const handlers = new Set<() => void>();
        const state = { text: '', visible: false, active: true, progress: false };
        return {
          state,
          handlers,
          setText: (text: string) => {
            state.text = text;
            record(`${prefix}.setText`, text);
          },
          show: () => {
            state.visible = true;
            record(`${prefix}.show`);
          },
          hide: () => {
            state.visible = false;
            record(`${prefix}.hide`);
          },
          enable: () => {
            state.active = true;
          },
          disable: () => {
            state.active = false;
          },
          showProgress: () => {
            state.progress = true;
            record(`${prefix}.showProgress`);
          },
          hideProgress: () => {
            state.progress = false;
          },
          setParams: (params: { color?: string }) => record(`${prefix}.setParams`, params.color),
          onClick: (h: () => void) => handlers.add(h),
          offClick: (h: () => void) => handlers.delete(h),
        };
      };
      const MainButton = button('MainButton');
      const BackButton = button('BackButton');
      const webApp = {
        initData,
        colorScheme: scheme,
        themeParams: theme,
        ready: () => record('ready'),
        expand: () => record('expand'),
        onEvent: (name: string, h: () => void) => {
          if (!events.has(name)) events.set(name, new Set());
          events.get(name)!.add(h);
        },
        offEvent: (name: string, h: () => void) => events.get(name)?.delete(h),
        MainButton,
        BackButton,
        HapticFeedback: {
          impactOccurred: (style: string) => record('HapticFeedback.impactOccurred', style),
          notificationOccurred: (type: string) => record('HapticFeedback.notificationOccurred', type),
          selectionChanged: () => record('HapticFeedback.selectionChanged'),
        },
        enableClosingConfirmation: () => record('enableClosingConfirmation'),
        disableClosingConfirmation: () => record('disableClosingConfirmation'),
        openLink: (url: string) => record('openLink', url),
        requestContact: (callback: (sent: boolean, event?: { status: string; response?: string }) => void) => {
          record('requestContact');
          setTimeout(() => (contact ? callback(true, { status: 'sent', response: contact }) : callback(false, { status: 'cancelled' })), 0);
        },
      };
      Object.assign(window, {
        Telegram: { WebApp: webApp },
        __tgCalls: calls,
        __tg: {
          main: MainButton.state,
          back: BackButton.state,
          clickMain: () => MainButton.state.active && MainButton.handlers.forEach((h) => h()),
          clickBack: () => BackButton.handlers.forEach((h) => h()),
          setTheme: (next: Record<string, string>, nextScheme: 'light' | 'dark') => {
            webApp.themeParams = next;
            webApp.colorScheme = nextScheme;
            events.get('themeChanged')?.forEach((h) => h());
          },
        },
      });
    },
    { initData: options.initData, theme: options.theme ?? LIGHT, scheme: options.scheme ?? 'light', contact: options.contact ?? null },
  );
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __tgCalls: string[] }).__tgCalls.slice());
const mainButton = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { __tg: { main: { text: string; visible: boolean } } }).__tg.main }));
const backButton = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __tg: { back: { visible: boolean } } }).__tg.back }));
const clickMain = (page: Page) => page.evaluate(() => (window as unknown as { __tg: { clickMain: () => void } }).__tg.clickMain());
const clickBack = (page: Page) => page.evaluate(() => (window as unknown as { __tg: { clickBack: () => void } }).__tg.clickBack());
const cssVar = (page: Page, name: string) => page.evaluate((n) => document.documentElement.style.getPropertyValue(n), name);
/** The mini app's address as Telegram opens it (a new document: a page of its own, not a hash change): the launch data in the hash. */
const launchHash = (initData: string) => `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`;

test.describe('the storefront inside Telegram', () => {
  test('ready, expand, the chat theme light and dark, MainButton and BackButton through the basket to the checkout', async ({
    page,
    request,
  }, testInfo) => {
    // A long journey (login, product, basket, checkout, confirm): more than the default minute on a shared machine.
    test.setTimeout(150_000);
    // Logged in on the web first (the mini app's own login is the next journey's); then opened as the Mini App.
    const { merchantId, product } = await customerWithPickupBasket(page, request, 1);
    const user = telegramUser('ru');
    await openInTelegram(page, { initData: initDataOf(user), theme: LIGHT, scheme: 'light' });
    await page.goto(brandUrl('tezkor', `/?startapp=e2e${launchHash(initDataOf(user))}`));

    await expect.poll(() => calls(page)).toEqual(expect.arrayContaining(['ready', 'expand']));
    // The chat's colours are the storefront's: page, cards, text, hints; the brand's colour stays on the MainButton.
    await expect.poll(() => cssVar(page, '--bg')).toBe(LIGHT.secondary_bg_color);
    expect(await cssVar(page, '--ink')).toBe(LIGHT.text_color);
    expect(await cssVar(page, '--muted')).toBe(LIGHT.hint_color);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect((await calls(page)).some((c) => c.startsWith('MainButton.setParams:#'))).toBe(true);
    // The user's language_code (ru) is the interface's language.
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    // A basket that is not empty: closing asks first.
    expect(await calls(page)).toContain('enableClosingConfirmation');
    // The first page: nowhere to go back to.
    expect((await backButton(page)).visible).toBe(false);

    // A product: "add to basket" is the MainButton, the page's own button is not drawn; adding taps.
    await page.goto(brandUrl('tezkor', `/product/${product.id}`));
    await expect(page.getByTestId('product-details')).toBeVisible();
    await expect.poll(async () => (await mainButton(page)).visible).toBe(true);
    expect((await mainButton(page)).text).toMatch(/^Добавить · /);
    await expect(page.getByTestId('product-add')).toHaveCount(0);
    await clickMain(page);
    await expect
      .poll(() => page.evaluate((m) => JSON.parse(localStorage.getItem(`dx:${m}:basket`) ?? '{"lines":[]}').lines[0]?.count, merchantId))
      .toBe(2);
    expect(await calls(page)).toContain('HapticFeedback.impactOccurred:light');

    // The basket: "checkout" is the MainButton (the page's own button is not drawn); nothing to go back to yet.
    await page.goto(brandUrl('tezkor', '/basket'));
    await expect(page.getByTestId('basket-view')).toBeVisible();
    await expect.poll(async () => (await mainButton(page)).text).toMatch(/^Оформить заказ · /);
    await expect(page.getByTestId('basket-checkout')).toHaveCount(0);
    expect((await backButton(page)).visible).toBe(false);
    await keepSettledScreenshot(page, testInfo, 'telegram-basket-light-ru');

    // On to the checkout with the MainButton; the BackButton appears and goes back to the basket.
    await clickMain(page);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect.poll(async () => (await backButton(page)).visible).toBe(true);
    await expect.poll(async () => (await mainButton(page)).text).toBe('Продолжить');
    await expect(page.getByTestId('checkout-continue')).toHaveCount(0);
    await clickBack(page);
    await expect(page).toHaveURL(/\/basket$/);
    await expect.poll(async () => (await backButton(page)).visible).toBe(false);

    // Telegram turns dark: the storefront follows at once.
    await page.evaluate(
      (dark) => (window as unknown as { __tg: { setTheme: (t: object, s: string) => void } }).__tg.setTheme(dark, 'dark'),
      DARK,
    );
    await expect.poll(() => cssVar(page, '--bg')).toBe(DARK.secondary_bg_color);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await keepSettledScreenshot(page, testInfo, 'telegram-basket-dark-ru');

    // Checkout, then the confirmation, where the MainButton says "confirm" (and the page's own button is not drawn).
    await expect.poll(async () => (await mainButton(page)).text).toMatch(/^Оформить заказ · /);
    await clickMain(page);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect.poll(async () => (await mainButton(page)).text).toBe('Продолжить');
    await clickMain(page);
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect.poll(async () => (await mainButton(page)).text).toBe('Подтвердить');
    await expect(page.getByTestId('checkout-confirm')).toHaveCount(0);
    await keepSettledScreenshot(page, testInfo, 'telegram-confirm-dark-ru');
  });

  test('the chat theme in Uzbek, light and dark (language from Telegram)', async ({ page }, testInfo) => {
    const user = telegramUser('uz');
    await openInTelegram(page, { initData: initDataOf(user), theme: DARK, scheme: 'dark' });
    allowConsoleErrors(page, /webbot/);
    await page.goto(brandUrl('tezkor', `/?startapp=e2e${launchHash(initDataOf(user))}`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await expect.poll(() => cssVar(page, '--bg')).toBe(DARK.secondary_bg_color);
    await keepSettledScreenshot(page, testInfo, 'telegram-home-dark-uz');
    await page.evaluate(
      (light) => (window as unknown as { __tg: { setTheme: (t: object, s: string) => void } }).__tg.setTheme(light, 'light'),
      LIGHT,
    );
    await expect.poll(() => cssVar(page, '--bg')).toBe(LIGHT.secondary_bg_color);
    await keepSettledScreenshot(page, testInfo, 'telegram-home-light-uz');
  });
});

/*
 * The mini app's login against the server's `/api/webbot/v1/*` (issue 30, docs/telegram.md). Until that server is
 * there (slice T1) these journeys say so and stop; once it answers they run whole.
 */
test.describe('logging in inside Telegram', () => {
  test.beforeEach(async ({ request }) => {
    const merchantId = await tezkorId(request);
    const setting = await request.get(`${API}/webbot/v1/setting`, { headers: { 'X-Merchant-Id': merchantId } });
    test.skip(setting.status() === 404, 'the server has no /api/webbot/v1 yet (issue 30, slice T1)');
  });

  test('a new Telegram user shares the contact, is logged in, and orders with the MainButton (channel TG)', async ({ page, request }) => {
    const merchantId = await tezkorId(request);
    const phone = `+99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const user = telegramUser('ru');
    const initData = initDataOf(user);
    const open = await roundTheClockBranch(request, merchantId);
    const product = await plainProduct(request, merchantId);
    await openInTelegram(page, { initData, contact: contactOf(user, phone) });
    allowConsoleErrors(page, /403/);
    await page.goto(brandUrl('tezkor', '/'));
    await put(page, {
      [`dx:${merchantId}:basket`]: basketOf(product.id, 1),
      [`dx:${merchantId}:service`]: 'PICK_UP',
      [`dx:${merchantId}:branch`]: open.id,
    });
    const loggedIn = page.waitForResponse((r) => /\/webbot\/v1\/users\/login$/.test(r.url()));
    await page.goto(brandUrl('tezkor', `/?startapp=e2e${launchHash(initData)}`));
    expect((await loggedIn).status()).toBe(200);
    expect(await calls(page)).toContain('requestContact');
    const token = await expect
      .poll(() =>
        page.evaluate(
          (m) => (JSON.parse(localStorage.getItem(`dx:${m}:session`) ?? 'null') as { token: string } | null)?.token,
          merchantId,
        ),
      )
      .toBeTruthy()
      .then(() =>
        page.evaluate(
          (m) => JSON.parse(localStorage.getItem(`dx:${m}:session`)!) as { token: string; user: { phone: string } },
          merchantId,
        ),
      );
    expect(token.user.phone).toBe(phone);

    await page.goto(brandUrl('tezkor', '/checkout/confirm'));
    await expect.poll(async () => (await mainButton(page)).text).toMatch(/Подтвердить/);
    await clickMain(page);
    await expect(page).toHaveURL(/\/profile\/orders\/[0-9a-f-]{36}$/);
    expect(await calls(page)).toContain('MainButton.showProgress');
    const id = page.url().split('/').at(-1)!;
    const order = (await (
      await request.get(`${API}/orders/v1/orders/${id}`, {
        headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token.token}` },
      })
    ).json()) as { orderDevice: string };
    expect(order.orderDevice).toBe('TELEGRAM_BOT');
  });

  test('after the first mini app login the name is asked once, filled in from Telegram (issue 29)', async ({ page, request }, testInfo) => {
    const merchantId = await tezkorId(request);
    const phone = `+99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const user = telegramUser('ru');
    const initData = initDataOf(user);
    await openInTelegram(page, { initData, contact: contactOf(user, phone) });
    // The first launch's silent login: an unknown Telegram user is asked for the phone (403 TELEGRAM_PHONE_REQUIRED).
    allowConsoleErrors(page, /403/);
    await page.goto(brandUrl('tezkor', `/branches?startapp=e2e${launchHash(initData)}`));
    const step = page.getByTestId('login-name-step');
    await expect(step).toBeVisible();
    // Telegram's name is filled in; the customer writes their own and saves, and is back where they were.
    await expect(page.getByTestId('login-name-input')).toHaveValue('Aziz');
    await keepSettledScreenshot(page, testInfo, 'c29-telegram-name-step-ru');
    await page.getByTestId('login-name-input').fill('Azizbek');
    await page.getByTestId('login-name-save').click();
    await expect(step).toHaveCount(0);
    await expect(page).toHaveURL(/\/branches/);
    const session = await page.evaluate((m) => JSON.parse(localStorage.getItem(`dx:${m}:session`)!) as { token: string }, merchantId);
    const me = (await (
      await request.get(`${API}/users/v1/users/me`, { headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${session.token}` } })
    ).json()) as { firstName: string; askName?: boolean };
    expect(me).toMatchObject({ firstName: 'Azizbek', askName: false });

    // The next launch logs in silently and asks nothing.
    await page.evaluate((m) => localStorage.removeItem(`dx:${m}:session`), merchantId);
    const silent = page.waitForResponse((r) => /\/webbot\/v1\/users\/token$/.test(r.url()));
    await page.goto(brandUrl('tezkor', `/?startapp=e2e${launchHash(initData)}`));
    const answer = (await (await silent).json()) as { user: { askName?: boolean } };
    expect(answer.user.askName).toBe(false);
    await expect(page.getByTestId('menu')).toBeVisible();
    await expect(step).toHaveCount(0);
  });

  test('initData naming no user: "Telegram ID not found; restart the bot", with an error buzz', async ({ page }) => {
    allowConsoleErrors(page, /401/);
    const initData = initDataOf(null);
    await openInTelegram(page, { initData });
    await page.goto(brandUrl('tezkor', `/?startapp=e2e${launchHash(initData)}`));
    await expect(page.getByTestId('toaster')).toContainText(/Telegram ID/);
    expect(await calls(page)).toContain('HapticFeedback.notificationOccurred:error');
  });
});

test.describe('outside Telegram and in Click', () => {
  test('the web outside Telegram asks for none of the mini app: no chunk, no Telegram script, no MainButton', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto(brandUrl('tezkor', '/'));
    await page.waitForLoadState('networkidle');
    expect(asked.filter((u) => /mini-app|telegram-web-app|\/webbot\//.test(u))).toEqual([]);
  });

  test("Click's mini app: the order is the Click mini app's (CLICK_MINI_APP)", async ({ page, request }) => {
    const { merchantId, token } = await customerWithPickupBasket(page, request);
    await page.goto(brandUrl('tezkor', '/checkout?click_mini_app=1'));
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    const placed = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/orders\/v1\/orders(\/at-time)?$/.test(r.url()));
    await page.getByTestId('checkout-confirm').click();
    expect(((await placed).postDataJSON() as { orderDevice: string }).orderDevice).toBe('CLICK_MINI_APP');
    await expect(page).toHaveURL(/\/profile\/orders\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    const order = (await (
      await request.get(`${API}/orders/v1/orders/${id}`, { headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` } })
    ).json()) as { orderDevice: string };
    expect(order.orderDevice).toBe('CLICK_MINI_APP');
  });
});

async function tezkorId(request: APIRequestContext): Promise<string> {
  return ((await (await request.get(`${API}/users/v1/merchants/current?vendor=tezkor`)).json()) as { id: string }).id;
}
