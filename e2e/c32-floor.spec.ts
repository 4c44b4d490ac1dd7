import type { APIRequestContext, Browser } from '@playwright/test';
import { brandUrl, expect, keepSettledScreenshot, PORT, test } from './support.ts';

/*
 * Issue 32, the floor, in Chromium against the real server: the demo waiter signs in and lands on the floor (their only
 * screen); a guest at a Chilonzor table opens the table's QR link and asks for the bill through the API; the call
 * arrives on the open floor without a reload (the floor stream), with the tab's badge; the waiter takes it and marks it
 * done, closes the table, and opens the print sheet of the branch's QR codes, one SVG code per table. In English, where
 * a call someone else took first answers the catalogue's 409, and in Arabic (right to left). Screenshots at 1280x800.
 */

const WAITER = '+998900000007';
const WAITER_NAME = 'Malika Ergasheva';
const PASSWORD = 'tezkor-demo-2026';
const API = `http://localhost:${PORT}/api`;

interface Sheet {
  branch: { id: string };
  tables: { id: string; name: string; url: string }[];
}

/** The waiter's staff token and the brand's id, through the API (the journey's guest and "someone else" act with them). */
async function waiterApi(request: APIRequestContext) {
  const merchant = (await (await request.get(`${API}/users/v1/merchants/current?vendor=tezkor`)).json()) as { id: string };
  const base = { 'X-Merchant-Id': merchant.id };
  const login = await request.post(`${API}/ops/v1/auth/login`, { headers: base, data: { phone: WAITER, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const staff = { ...base, Authorization: `Bearer ${token}` };
  const me = (await (await request.get(`${API}/ops/v1/me`, { headers: staff })).json()) as { branchIds: string[] };
  const branchId = me.branchIds[0]!;
  const sheet = await request.get(`${API}/ops/v1/floor/branches/${branchId}/qr`, { headers: staff });
  expect(sheet.status()).toBe(200);
  return { base, staff, branchId, sheet: (await sheet.json()) as Sheet };
}

/** A guest at the table opens its link (`/t/<token>` on the brand's site) and takes a seat. */
async function seatAt(request: APIRequestContext, base: Record<string, string>, url: string): Promise<string> {
  const link = new URL(url).pathname.replace(/^\/t\//, '');
  const opened = await request.post(`${API}/tables/v1/sessions`, { headers: base, data: { link } });
  expect(opened.status()).toBe(200);
  return ((await opened.json()) as { seat: string }).seat;
}

async function waiterConsole(browser: Browser, lang: string, phone?: { width: number; height: number }) {
  const context = await browser.newContext(
    phone ? { viewport: phone, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } },
  );
  await context.addInitScript((l) => localStorage.setItem('dx-ops-lang', l), lang);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // The 409 of the journey's "someone else took it first" is expected; nothing else may fail.
    if (m.type() === 'error' && !/409/.test(m.text())) errors.push(m.text());
  });
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(WAITER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  return { context, page, errors };
}

for (const [lang, tableIndex] of [
  ['eng', 0],
  ['ar', 1],
] as const) {
  test(`a table's call arrives live on the waiter's floor, is taken and done; the table closes; the QR sheet (${lang})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { base, staff, sheet } = await waiterApi(request);
    expect(sheet.tables.length).toBeGreaterThanOrEqual(2);
    const table = sheet.tables[tableIndex]!;

    const { context, page, errors } = await waiterConsole(browser, lang);
    try {
      // The waiter lands on the floor, and it is their only screen.
      await expect(page).toHaveURL(/\/ops\/floor$/);
      const floor = page.getByTestId('floor-screen');
      await expect(floor).toBeVisible();
      await expect(page.locator('nav [data-testid^="nav-"]')).toHaveCount(1);
      await expect(page.getByTestId('nav-floor')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      // The stream is open and the floor read: what comes now comes live.
      await expect(floor).toHaveAttribute('data-live', 'live');
      await expect(page.locator('#floor-calls')).toBeVisible();
      const call = page.locator(`[data-testid="floor-call"][data-table="${table.name}"]`);
      await expect(call).toHaveCount(0);

      // A guest at the table asks for the bill, to pay by card.
      const seat = await seatAt(request, base, table.url);
      const note = lang === 'ar' ? 'الحساب من فضلك' : 'Two receipts, please';
      const made = await request.post(`${API}/tables/v1/calls`, {
        headers: { ...base, 'X-Table-Seat': seat },
        data: { kind: 'BILL_CARD', note },
      });
      expect(made.status()).toBe(201);
      const { id: callId } = (await made.json()) as { id: string };

      // It arrives without a reload: on the list, with its kind, note and time waited, and counted on the tab.
      await expect(call).toHaveAttribute('data-status', 'OPEN');
      await expect(call).toHaveAttribute('data-kind', 'BILL_CARD');
      await expect(call).toContainText(note);
      await expect(call.getByTestId('floor-call-waited')).toContainText('0');
      await expect(page.getByTestId('nav-floor-badge')).toHaveText(/^[1-9]\d*$/);
      const tableRow = page.locator(`[data-testid="floor-table"][data-table="${table.name}"]`);
      await expect(tableRow).toBeVisible();
      await expect(tableRow.getByTestId('floor-table-orders')).toHaveText('0');
      await keepSettledScreenshot(page, testInfo, `c32-floor-call-${lang}`);

      if (lang === 'eng') {
        // Someone else takes it a moment before the waiter's tap: the server answers 409 WAITER_CALL_MOVE_INVALID, the
        // floor says so in the catalogue's words and shows the call as it is now.
        await page.route('**/api/ops/v1/floor/calls/*/take', async (route) => {
          const first = await request.post(`${API}/ops/v1/floor/calls/${callId}/take`, { headers: staff });
          expect(first.status()).toBe(200);
          await route.continue();
        });
        await call.getByTestId('floor-call-take').click();
        await expect(page.getByTestId('floor-failure')).toHaveText('The call has moved on: refresh the page');
        await page.unroute('**/api/ops/v1/floor/calls/*/take');
      } else {
        await call.getByTestId('floor-call-take').click();
      }
      await expect(call).toHaveAttribute('data-status', 'TAKEN');
      await expect(call.getByTestId('floor-call-taken')).toContainText(WAITER_NAME);
      await expect(call.getByTestId('floor-call-take')).toHaveCount(0);
      // The table sees that the waiter is coming.
      const bill = (await (await request.get(`${API}/tables/v1/bill`, { headers: { ...base, 'X-Table-Seat': seat } })).json()) as {
        calls: { id: string; status: string }[];
      };
      expect(bill.calls.find((c) => c.id === callId)?.status).toBe('TAKEN');
      await keepSettledScreenshot(page, testInfo, `c32-floor-taken-${lang}`);
      // The same floor on a waiter's phone.
      const phone = await waiterConsole(browser, lang, { width: 390, height: 844 });
      try {
        const taken = phone.page.locator(`[data-testid="floor-call"][data-table="${table.name}"]`);
        await expect(taken).toHaveAttribute('data-status', 'TAKEN');
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await keepSettledScreenshot(phone.page, testInfo, `c32-floor-phone-${lang}`);
        expect(phone.errors).toEqual([]);
      } finally {
        await phone.context.close();
      }

      await call.getByTestId('floor-call-done').click();
      await expect(call).toHaveCount(0);

      // The guests leave: the table closes (after a confirmation), and its seat no longer calls.
      page.once('dialog', (dialog) => void dialog.accept());
      await tableRow.getByTestId('floor-table-close').click();
      await expect(tableRow).toHaveCount(0);
      const late = await request.post(`${API}/tables/v1/calls`, { headers: { ...base, 'X-Table-Seat': seat }, data: { kind: 'WAITER' } });
      expect(late.status()).toBe(409);
      expect(((await late.json()) as { code: string }).code).toBe('TABLE_SESSION_ENDED');

      // The QR sheet: one code (an SVG drawn in the page) per table of the branch, with its name under it.
      await page.getByTestId('floor-qr').click();
      const qr = page.getByTestId('qr-sheet');
      await expect(qr).toBeVisible();
      const cards = qr.getByTestId('qr-card');
      await expect(cards).toHaveCount(sheet.tables.length);
      await expect(qr.locator('[data-testid="qr-card"] svg')).toHaveCount(sheet.tables.length);
      await expect(cards.first()).toContainText(sheet.tables[0]!.name);
      await expect(cards.first()).toContainText('Tezkor Burger');
      await expect(qr.getByTestId('qr-print')).toBeEnabled();
      await keepSettledScreenshot(page, testInfo, `c32-floor-qr-${lang}`);
      // On paper: the cards only (no toolbar, no console header), three across.
      await page.emulateMedia({ media: 'print' });
      await expect(qr.getByTestId('qr-print')).toBeHidden();
      await expect(page.getByTestId('sign-out')).toBeHidden();
      const across = await cards.evaluateAll((els) => {
        const top = (e: Element) => Math.round(e.getBoundingClientRect().top);
        return els.filter((e) => top(e) === top(els[0]!)).length;
      });
      expect(across).toBe(3);
      await keepSettledScreenshot(page, testInfo, `c32-floor-qr-print-${lang}`);
      // Printed: twelve cards to an A4 page, none cut.
      const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length).toBe(Math.ceil(sheet.tables.length / 12));
      const cut = await cards.evaluateAll((els) => els.filter((e) => e.scrollHeight > e.clientHeight + 1).length);
      expect(cut).toBe(0);
      await page.emulateMedia({ media: 'screen' });
      await qr.getByTestId('qr-back').click();
      await expect(floor).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test("an operator of two branches hears a table's call on the board: the floor tab's badge, and the floor by branch", async ({
  browser,
  request,
}) => {
  const { base, sheet } = await waiterApi(request);
  const table = sheet.tables[2]!;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => localStorage.setItem('dx-ops-lang', 'eng'));
  const page = await context.newPage();
  try {
    await page.goto(brandUrl('tezkor', '/ops/'));
    await page.getByTestId('login-phone').fill('+998900000002');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('nav-board')).toBeVisible();
    await expect(page.getByTestId('nav-floor')).toBeVisible();
    await expect(page.getByTestId('nav-floor-badge')).toHaveCount(0);

    const seat = await seatAt(request, base, table.url);
    const made = await request.post(`${API}/tables/v1/calls`, { headers: { ...base, 'X-Table-Seat': seat }, data: { kind: 'WAITER' } });
    expect(made.status()).toBe(201);
    // On the board, without a reload: the floor's tab counts the call.
    await expect(page.getByTestId('nav-floor-badge')).toHaveText('1');
    await expect(page).toHaveURL(/\/ops\/?$/);

    await page.getByTestId('nav-floor').click();
    const call = page.locator(`[data-testid="floor-call"][data-table="${table.name}"]`);
    await expect(call).toHaveAttribute('data-kind', 'WAITER');
    const branch = page.getByTestId('floor-branch');
    await branch.selectOption({ label: 'Yunusobod' });
    await expect(call).toHaveCount(0);
    await expect(page.getByTestId('floor-calls-empty')).toBeVisible();
    await branch.selectOption({ label: 'Chilonzor' });
    await expect(call).toBeVisible();

    await call.getByTestId('floor-call-done').click();
    await expect(call).toHaveCount(0);
    await expect(page.getByTestId('nav-floor-badge')).toHaveCount(0);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator(`[data-testid="floor-table"][data-table="${table.name}"]`).getByTestId('floor-table-close').click();
    await expect(page.getByTestId('floor-tables-empty')).toBeVisible();
  } finally {
    await context.close();
  }
});
