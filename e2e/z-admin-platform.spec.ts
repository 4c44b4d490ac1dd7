import { brandUrl, expect, keepScreenshot, PORT, test } from './support.ts';

/*
 * A new brand in minutes (issue 28) in Chromium against the real server: the platform opens it through its API; its
 * host serves at once with an honest empty menu; its owner signs in to the console with the one-time password and
 * sets their own password, and finds the empty menu ready to build. Screenshots of the empty storefront (390x844) and the owner's first screen.
 */

const API = `http://localhost:${PORT}/api`;

test('a brand opened by the platform serves at once, empty, and its owner signs in', async ({ page, request, browser }, testInfo) => {
  const sub = `yangi${Date.now().toString(36)}`;
  const res = await request.post(`${API}/platform/v1/merchants`, {
    headers: { authorization: `Bearer ${process.env.E2E_PLATFORM_TOKEN}` },
    data: { sub, name: 'Yangi Oshxona', ownerPhone: '+998935550011', ownerName: 'Nodira' },
  });
  expect(res.status()).toBe(201);
  const { oneTimePassword } = (await res.json()) as { oneTimePassword: string };

  await page.goto(brandUrl(sub, '/'));
  await expect(page).toHaveTitle(/Yangi Oshxona/);
  await expect(page.getByText(/error|ошибка/i)).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'new-brand-empty-390');

  const desk = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await desk.goto(brandUrl(sub, '/ops/'));
  await desk.getByTestId('login-phone').fill('+998935550011');
  await desk.getByTestId('login-password').fill(oneTimePassword);
  await desk.getByTestId('login-submit').click();
  // A one-time password: the owner sets their own before anything else.
  await expect(desk.getByTestId('new-password-form')).toBeVisible();
  await desk.getByTestId('new-password').fill('nodira-own-password');
  await desk.getByTestId('new-password-repeat').fill('nodira-own-password');
  await desk.getByTestId('new-password-submit').click();
  await desk.getByTestId('nav-admin').click();
  await expect(desk.getByTestId('admin-nav-menu')).toBeVisible();
  await expect(desk.getByTestId('menu-tree')).toBeVisible();
  await keepScreenshot(desk, testInfo, 'new-brand-owner-1366');
  await desk.close();
});
