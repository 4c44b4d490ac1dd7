import { brandUrl, expect, keepScreenshot, test } from './support.ts';

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

test.describe('the storefront shell', () => {
  for (const brand of [
    { sub: 'tezkor', name: 'Tezkor Burger', color: '#E4002B', onBrand: 'rgb(255, 255, 255)', dark: true },
    { sub: 'navbahor', name: 'Navbahor Cafe', color: '#F5C542', onBrand: 'rgb(0, 0, 0)', dark: false },
  ]) {
    test(`${brand.name} opens at its own host with its own colour and name`, async ({ page }, testInfo) => {
      await page.goto(brandUrl(brand.sub));
      await expect(page.getByTestId('brand-name')).toHaveText(brand.name);
      const vars = await page.evaluate(() => {
        const s = getComputedStyle(document.documentElement);
        return { brand: s.getPropertyValue('--brand').trim(), dark: document.documentElement.classList.contains('dark') };
      });
      expect(vars.brand.toUpperCase()).toBe(brand.color);
      expect(vars.dark).toBe(brand.dark);
      // Something on screen is painted in the brand colour, with text in the colour that reads on it.
      const textOnBrand = await page.evaluate((want) => {
        return [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => getComputedStyle(el).backgroundColor === want)
          .map((el) => getComputedStyle(el).color);
      }, rgb(brand.color));
      expect(textOnBrand.length).toBeGreaterThan(0);
      expect(textOnBrand).toContain(brand.onBrand);
      await expect(page).toHaveTitle(new RegExp(brand.name.split(' ')[0]!));
      await keepScreenshot(page, testInfo, `shell-${brand.sub}`);
    });
  }

  test('the vendor parameter names the brand on localhost, and is remembered', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/?vendor=navbahor`);
    await expect(page.getByTestId('brand-name')).toHaveText('Navbahor Cafe');
    await page.goto(`${baseURL}/`);
    await expect(page.getByTestId('brand-name')).toHaveText('Navbahor Cafe');
  });

  test('localhost without a vendor opens the demo chain, and the development brand switcher opens the others', async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.goto(`${baseURL}/`);
    await expect(page.getByTestId('brand-name')).toHaveText('Tezkor Burger');
    const switcher = page.getByTestId('dev-brand-switcher');
    await expect(switcher.getByRole('link')).toHaveText(['Navbahor Cafe', 'Tezkor Burger', 'Tezkor Coffee', /^Yopiq Oshxona/]);
    await expect(switcher.getByRole('link', { name: 'Tezkor Burger' })).toHaveAttribute('aria-current', 'page');
    await switcher.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'shell-dev-brand-switcher');
    await switcher.getByRole('link', { name: 'Navbahor Cafe' }).click();
    await expect(page.getByTestId('brand-name')).toHaveText('Navbahor Cafe');
    await expect(page).toHaveURL(/vendor=navbahor/);
  });

  test('the inactive brand shows the blocked page', async ({ page }, testInfo) => {
    await page.goto(brandUrl('yopiq'));
    await expect(page).toHaveURL(/\/blocked$/);
    await expect(page.getByTestId('blocked-page')).toBeVisible();
    await keepScreenshot(page, testInfo, 'shell-blocked');
  });

  test('an unknown brand shows merchantNotAvailable and forgets stored data', async ({ page }, testInfo) => {
    await page.goto(brandUrl('tezkor'));
    await page.evaluate(() => localStorage.setItem('leftover', '1'));
    await page.goto(brandUrl('nobody'));
    await expect(page).toHaveURL(/\/merchantNotAvailable$/);
    await expect(page.getByTestId('merchant-not-available-page')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('leftover'))).toBeNull();
    await keepScreenshot(page, testInfo, 'shell-merchant-not-available');
  });

  test('a leading language segment is removed, remembered in the lang cookie, and the visitor redirected', async ({ page, context }) => {
    await page.goto(brandUrl('tezkor', '/uz/anything'));
    await expect(page).toHaveURL(brandUrl('tezkor', '/anything'));
    const lang = (await context.cookies()).find((c) => c.name === 'lang');
    expect(lang?.value).toBe('uz');
    expect(lang?.path).toBe('/');
    expect(lang!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await page.goto(brandUrl('tezkor', '/ru/2/nope'));
    await expect(page).toHaveURL(brandUrl('tezkor', '/nope'));
    expect((await context.cookies()).find((c) => c.name === 'page')?.value).toBe('2');
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('ru');
  });

  test("an unknown path shows the not-found page in a person's words, without the path", async ({ page }, testInfo) => {
    await page.goto(brandUrl('tezkor', '/nope'));
    await expect(page.getByTestId('not-found-page').getByRole('heading')).toBeVisible();
    await expect(page.getByTestId('not-found-page')).not.toContainText('/nope');
    await expect(page.getByTestId('not-found-page').locator('code')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'shell-not-found');
  });

  test('the Arabic interface is mirrored', async ({ page, context }, testInfo) => {
    await context.addCookies([{ name: 'lang', value: 'ar', url: brandUrl('tezkor') }]);
    await page.goto(brandUrl('tezkor'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // The brand sits at the start of the header: on the right when mirrored.
    const header = await page.getByTestId('site-header').boundingBox();
    const name = await page.getByTestId('brand-name').boundingBox();
    expect(name!.x + name!.width / 2).toBeGreaterThan(header!.x + header!.width / 2);
    await keepScreenshot(page, testInfo, 'shell-tezkor-ar');
  });

  for (const lang of ['ru', 'ar']) {
    test(`on a 360 px phone in ${lang} the header shows the whole brand name beside round buttons of one size`, async ({
      page,
      context,
    }, testInfo) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await context.addCookies([{ name: 'lang', value: lang, url: brandUrl('tezkor') }]);
      await page.goto(brandUrl('tezkor'));
      const name = page.getByTestId('brand-name');
      await expect(name).toHaveText('Tezkor Burger');
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
      await expect(page.getByTestId('current-language')).toHaveText(lang.toUpperCase());
      for (const id of ['language-switcher', 'basket-button', 'header-login']) {
        const box = await page.getByTestId(id).boundingBox();
        expect([box!.width, box!.height], id).toEqual([40, 40]);
      }
      await keepScreenshot(page, testInfo, `shell-header-360-${lang}`);
    });
  }

  for (const sub of ['tezkor', 'navbahor']) {
    test(`the footer's small print of ${sub} reads at 4.5:1 or more`, async ({ page }) => {
      await page.goto(brandUrl(sub));
      const version = page.getByTestId('footer-version');
      await expect(version).toBeVisible();
      const ratio = await version.evaluate((el) => {
        const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
        const luminance = ([r, g, b]: number[]) => {
          const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
        };
        // The first opaque background behind the text, and the text colour as faded by every opacity on the way.
        let node: Element | null = el;
        let alpha = 1;
        let back: number[] = [];
        for (; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          alpha *= Number(style.opacity);
          const bg = rgba(style.backgroundColor);
          if (bg.length === 3 || (bg.length === 4 && bg[3] === 1)) {
            back = bg.slice(0, 3);
            break;
          }
        }
        const [r, g, b, a = 1] = rgba(getComputedStyle(el).color);
        const fg = [r!, g!, b!].map((c, i) => c * a * alpha + back[i]! * (1 - a * alpha));
        const [hi, lo] = [luminance(fg), luminance(back)].sort((x, y) => y - x);
        return (hi! + 0.05) / (lo! + 0.05);
      });
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    });
  }

  test('the language switcher offers the brand languages and switches the interface', async ({ page, context }) => {
    await page.goto(brandUrl('tezkor'));
    // Its accessible name starts with what it shows (WCAG label in name).
    await expect(page.getByTestId('language-switcher')).toHaveAccessibleName(/^RU — /);
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-eng').click();
    await expect(page.locator('html')).toHaveAttribute('lang', /en/);
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('eng');
    await page.goto(brandUrl('navbahor'));
    await page.getByTestId('language-switcher').click();
    await expect(page.getByTestId('language-option-ar')).toHaveCount(0);
  });
});
