import type { Page } from '@playwright/test';
import { blankTiles, brandUrl, expect, keepSettledScreenshot, logIn, PORT, randomPhone, session, speak, test } from './support.ts';

/*
 * Where the order goes (docs/spec-index.md section 2, "address choice"; section 4, "Address flow") in Chromium against the real
 * server: /choose-address with its service toggle, a guest's pickup branch chosen on the branch map (a closed
 * branch cannot be), a saved address chosen and then deleted after asking, the header and the basket telling
 * where the order goes, and a guest's addresses moving to the account at login.
 */

const API = `http://localhost:${PORT}/api`;

/** On Amir Temur's avenue in Yunusobod, inside the demo's delivery zones (Юнусабад serves it). */
const HOME = {
  name: 'Дом',
  streetName: "Amir Temur shoh ko'chasi",
  houseNumber: '12',
  description: 'Ташкент, Юнусабад',
  latitude: 41.35,
  longitude: 69.2865,
};

const stored = (page: Page, suffix: string) =>
  page.evaluate((s) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(`:${s}`));
    return key ? localStorage.getItem(key) : null;
  }, suffix);

test.describe('where the order goes', () => {
  test('a guest picks up: the toggle, the branch map with a closed branch not selectable, the branch in the header', async ({
    page,
  }, testInfo) => {
    await speak(page, 'ru');
    await blankTiles(page);
    await page.goto(brandUrl('tezkor', '/'));
    const target = page.getByTestId('header-order-target');
    await expect(target).toHaveText(/Выберите адрес/);
    await target.click();

    const choice = page.getByTestId('choose-address-page');
    await expect(choice).toHaveAttribute('data-service', 'DELIVERY');
    // Tezkor offers all three; the guest has no addresses yet.
    await expect(page.getByTestId('service-option')).toHaveText(['Доставка', 'Самовывоз', 'В заведении']);
    await expect(page.getByTestId('places-empty')).toBeVisible();
    await expect(page.getByTestId('place-add')).toHaveAttribute('href', '/address/delivery?next=%2F');

    await page.getByTestId('service-option').filter({ hasText: 'Самовывоз' }).click();
    await expect(choice).toHaveAttribute('data-service', 'PICK_UP');
    await expect(page.getByTestId('service-option').filter({ hasText: 'Самовывоз' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('order-branch-none')).toBeVisible();
    await expect(target).toHaveText(/Выбрать филиал/);
    await keepSettledScreenshot(page, testInfo, 'choose-address-pickup-ru');

    await page.getByTestId('order-branch-choose').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/branches/map'));
    await expect(page.locator('.dx-branch-pin')).toHaveCount(4);

    // Яккасарай has a day off today: its details say so and its Select cannot be pressed.
    await page.locator('.dx-branch-pin[title="Яккасарай"]').click();
    const details = page.getByTestId('branch-details');
    await expect(details).toContainText('Яккасарай');
    await expect(details.getByTestId('branch-select')).toBeDisabled();
    await expect(details.getByTestId('branch-select')).toHaveText('Сейчас закрыт');
    await details.getByRole('button', { name: 'Закрыть' }).click();

    await page.locator('.dx-branch-pin[title="Чиланзар"]').click();
    await expect(details).toContainText('Чиланзар');
    await details.getByTestId('branch-select').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/'));
    await expect(page.getByTestId('header-order-target-text')).toHaveText('Чиланзар');

    // The page says so too, with the branch's hours today, and the pickup map has addresses of its own.
    await target.click();
    await expect(page.getByTestId('order-branch-name')).toHaveText('Чиланзар');
    await expect(page.getByTestId('order-branch-hours')).toHaveText('Сегодня круглосуточно');
    await page.goto(brandUrl('tezkor', '/address/pickup'));
    await expect(page.getByTestId('branches-map-page')).toBeVisible();
    await page.goto(brandUrl('tezkor', '/address/pickup2'));
    await expect(page.getByTestId('branches-map-page')).toBeVisible();
  });

  test('a customer chooses a saved address (header, basket, serving branch), then deletes it after asking', async ({
    page,
    request,
  }, testInfo) => {
    await speak(page, 'ru');
    await blankTiles(page);
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    const { merchantId, token, userId } = await session(page);
    const headers = { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` };
    const created = await request.post(`${API}/users/v1/addresses/user/${userId}`, { headers, data: HOME });
    expect(created.ok()).toBe(true);
    const saved = (await created.json()) as { id: string };

    // A basket with one product, so the basket page shows where the order goes.
    const overalls = (await (await request.get(`${API}/products/v1/overalls`, { headers: { 'X-Merchant-Id': merchantId } })).json()) as {
      products: { id: string; isOrderable: boolean; modificationGroups: { min: number }[] }[];
    };
    const plain = overalls.products.find((p) => p.isOrderable && p.modificationGroups.every((g) => g.min === 0))!;
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`dx:${merchantId}:basket`, JSON.stringify({ version: 1, lines: [{ productId: plain.id, count: 1, modifications: [] }] })],
    );

    await page.goto(brandUrl('tezkor', '/choose-address?next=/basket'));
    const item = page.getByTestId('place-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-place-id', saved.id);
    await expect(item).toHaveAttribute('data-active', 'false');
    await expect(page.getByTestId('place-title')).toHaveText('Дом');
    await expect(item).toContainText('Ташкент, Юнусабад');
    await expect(page.getByTestId('place-add')).toHaveAttribute('href', '/address/delivery?next=%2Fbasket');

    await page.getByTestId('place-pick').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/basket'));
    await expect(page.getByTestId('header-order-target-text')).toHaveText('Дом');
    await expect(page.getByTestId('basket-destination-value')).toHaveText('Дом');
    await expect(page.getByTestId('basket-destination-change')).toHaveAttribute('href', '/choose-address?next=/basket');
    // The branch that serves the address is the chosen branch now.
    const closest = (await (
      await request.get(
        `${API}/users/v1/branches/merchant/${merchantId}/closest?lat=${HOME.latitude}&lon=${HOME.longitude}&type=DELIVERY`,
        { headers },
      )
    ).json()) as { id: string };
    expect(await stored(page, 'branch')).toBe(closest.id);

    await page.getByTestId('basket-destination-change').click();
    await expect(item).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('place-pick')).toHaveAttribute('aria-pressed', 'true');
    await keepSettledScreenshot(page, testInfo, 'choose-address-ru');

    // The same in Arabic, right to left.
    await speak(page, 'ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(item).toHaveAttribute('data-active', 'true');
    await keepSettledScreenshot(page, testInfo, 'choose-address-ar');
    await speak(page, 'ru');
    await page.reload();

    // Deleting asks first, naming the address; no keeps it.
    await page.getByTestId('place-delete').click();
    const sheet = page.getByTestId('place-delete-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Дом · Ташкент, Юнусабад');
    await keepSettledScreenshot(page, testInfo, 'choose-address-delete-ru');
    await page.getByTestId('place-delete-cancel').click();
    await expect(sheet).toBeHidden();
    await expect(item).toHaveCount(1);

    // Yes deletes it on the server; it was the order's address, so the map opens for another.
    await page.getByTestId('place-delete').click();
    await page.getByTestId('place-delete-confirm').click();
    await expect(page).toHaveURL(/\/address\/delivery\?next=%2Fchoose-address$/);
    expect(await stored(page, 'address')).toBeNull();
    const left = await request.get(`${API}/users/v1/addresses/merchant/${merchantId}/user/${userId}`, { headers });
    expect(await left.json()).toEqual([]);
    await page.goto(brandUrl('tezkor', '/choose-address'));
    await expect(page.getByTestId('places-empty')).toBeVisible();
    await expect(page.getByTestId('header-order-target-text')).toHaveText('Выберите адрес');
  });

  test("a guest's addresses go to the account once at login, the order's one keeping its place", async ({ page, request }) => {
    await speak(page, 'ru');
    await page.goto(brandUrl('tezkor', '/'));
    const merchantId = await page.evaluate(
      async () => ((await (await fetch('/api/users/v1/merchants/current')).json()) as { id: string }).id,
    );
    const guest = { ...HOME, id: 'local-1', type: 'HOUSE', details: { entrance: '2' }, cityId: null, comment: '' };
    const twin = { ...guest, id: 'local-2', name: 'Тоже дом' };
    const work = { ...guest, id: 'local-3', name: 'Работа', houseNumber: '40', latitude: 41.358, longitude: 69.287 };
    const old = { ...guest, id: 'local-4', name: 'Старый', houseNumber: '80', latitude: 41.373, longitude: 69.288 };
    await page.evaluate(
      ([m, places, order]) => {
        localStorage.setItem(`dx:${m}:my-places`, places!);
        localStorage.setItem(`dx:${m}:address`, order!);
        localStorage.setItem(`dx:${m}:service`, 'DELIVERY');
      },
      [merchantId, JSON.stringify([guest, twin, work, old]), JSON.stringify(work)],
    );

    // A guest chooses among them and can delete one on this device only.
    await page.goto(brandUrl('tezkor', '/choose-address'));
    await expect(page.getByTestId('place-item')).toHaveCount(4);
    await expect(page.getByTestId('place-item').filter({ hasText: 'Работа' })).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('header-order-target-text')).toHaveText('Работа');
    await page.getByTestId('place-item').filter({ hasText: 'Старый' }).getByTestId('place-delete').click();
    await expect(page.getByTestId('place-delete-sheet')).toContainText('Старый');
    await page.getByTestId('place-delete-confirm').click();
    await expect(page.getByTestId('place-item')).toHaveCount(3);
    await expect(page).toHaveURL(brandUrl('tezkor', '/choose-address'));
    expect(JSON.parse((await stored(page, 'my-places'))!)).toHaveLength(3);

    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    await expect.poll(() => stored(page, 'my-places')).toBeNull();
    const { token, userId } = await session(page);
    const saved = (await (
      await request.get(`${API}/users/v1/addresses/merchant/${merchantId}/user/${userId}`, {
        headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` },
      })
    ).json()) as { id: string; name: string }[];
    // The same door twice is one address on the account.
    expect(saved).toHaveLength(2);
    const savedWork = saved.find((a) => a.name === 'Работа')!;
    expect(JSON.parse((await stored(page, 'address'))!)).toMatchObject({ id: savedWork.id, name: 'Работа' });

    await page.goto(brandUrl('tezkor', '/choose-address'));
    await expect(page.getByTestId('place-item')).toHaveCount(2);
    await expect(page.getByTestId('place-item').filter({ hasText: 'Работа' })).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('header-order-target-text')).toHaveText('Работа');
  });
});
