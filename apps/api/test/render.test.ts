import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO } from '@dasturxon/db/seed';
import { BANNER_PICTURE, formatNumber, pickText, pictureSources, PRODUCT_PICTURE, type Branch, type Overalls } from '@dasturxon/domain';
import {
  ANSWER_RENEW_MS,
  answersVersion,
  cachedPage,
  createAnswerMemo,
  createPageCache,
  inProcessFetch,
  PAGE_FRESH_MS,
  pageBytes,
  plainOf,
  scriptJsonOf,
  type AnswerLog,
} from '../src/web/render.ts';
import { createTestApp, pageDist, type TestApp } from './harness.ts';
import { scriptSafe } from '../src/web/seo.ts';

/*
 * Guests' pages rendered on the server with the storefront's own React code (built for this run by
 * global-setup.ts), from the API's own answers, and kept per brand, language, address and data.
 */

const bootOf = (html: string) => JSON.parse(/<script id="dx-boot" type="application\/json">(.*?)<\/script>/.exec(html)![1]!);
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('<script'));
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\u00a0/g, ' ');

describe('pages rendered on the server', () => {
  let t: TestApp;
  const tezkor = `${DEMO.tezkor.sub}.localhost:3000`;
  const navbahor = `${DEMO.navbahor.sub}.localhost:3000`;
  beforeAll(async () => {
    t = await createTestApp('pglite', await pageDist('dx-ssr-dist-'));
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, host = tezkor, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
  const api = async <T>(path: string, host = tezkor): Promise<T> => (await get(`/api${path}`, host)).json() as T;

  // First in the file: the policy page's code has not loaded yet, so its first page is drawn by React's stream
  // (which waits for the code), the next by the synchronous renderer (entry-server.tsx `html`). Same markup.
  it("reads a kept API answer's JSON once for every page drawn from it, frozen so that no page changes the next one's data", async () => {
    const memo = createAnswerMemo(() => t.clock.now().getTime());
    const call = inProcessFetch(t.app, DEMO.tezkor.id, memo);
    const url = '/api/products/v1/overalls?type=WEB';
    const first = await call(url, { method: 'GET' });
    const again = await call(url, { method: 'GET' });
    expect(first.status).toBe(200);
    expect(JSON.parse(await again.text())).toEqual(first.parsed!());
    const menu = again.parsed!() as Overalls;
    expect(menu).toBe(first.parsed!());
    expect(menu.products.length).toBeGreaterThan(0);
    expect(Object.isFrozen(menu.products[0]!.name)).toBe(true);
    expect(() => {
      (menu.products as unknown as unknown[]).pop();
    }).toThrow(TypeError);
    // The page's queries are written around the answer's own text (entry-server.tsx `queriesJson`).
    expect(scriptJsonOf(menu)).toBe(scriptSafe(await first.text()));
    expect(scriptJsonOf({ ...menu })).toBeUndefined();
    // Without the memo (the sitemap's call) nothing is shared: the caller reads its own copy.
    const alone = await inProcessFetch(t.app, DEMO.tezkor.id)(url, { method: 'GET' });
    expect(alone.parsed).toBeUndefined();
    expect(((await alone.json()) as Overalls).products).toHaveLength(menu.products.length);
  });

  it('versions a page by the answers it was drawn from: the same answers in any order or fetched again give the same version, a changed one another', async () => {
    const memo = createAnswerMemo(() => t.clock.now().getTime());
    const menuUrl = '/api/products/v1/overalls?type=WEB';
    const bannersUrl = '/api/support/v1/banner';
    const drawn = async (urls: string[]) => {
      const log: AnswerLog = [];
      const call = inProcessFetch(t.app, DEMO.tezkor.id, memo, log);
      for (const url of urls) expect((await call(url, { method: 'GET' })).status).toBe(200);
      expect(log).toHaveLength(urls.length);
      return answersVersion(log);
    };
    const first = await drawn([menuUrl, bannersUrl]);
    // From the kept answers, asked in another order.
    expect(await drawn([bannersUrl, menuUrl])).toBe(first);
    // Past the answers' freshness they are fetched again: the same data, the same version.
    t.clock.set(new Date(t.clock.now().getTime() + PAGE_FRESH_MS));
    expect(await drawn([menuUrl, bannersUrl])).toBe(first);
    // Another brand's answers to the same addresses are other answers.
    const log: AnswerLog = [];
    await inProcessFetch(t.app, DEMO.navbahor.id, memo, log)(menuUrl, { method: 'GET' });
    await inProcessFetch(t.app, DEMO.navbahor.id, memo, log)(bannersUrl, { method: 'GET' });
    expect(answersVersion(log)).not.toBe(first);

    const product = (await api<Overalls>('/products/v1/overalls?type=WEB')).products[0]!;
    await t.database.db.execute(sql`update products set cost_price = cost_price + 1000, updated_at = now() where id = ${product.id}`);
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    expect(await drawn([menuUrl, bannersUrl])).not.toBe(first);
  });

  it('draws a page the same before and after its code has loaded', async () => {
    const first = await get('/privacy');
    const again = await get('/privacy?from=footer');
    expect(first.statusCode).toBe(200);
    expect(rootOf(first.body)).toContain('data-testid="policy');
    expect(rootOf(again.body)).toBe(rootOf(first.body));
    expect(rootOf(first.body)).not.toMatch(/<!--\$[!?]-->/);
  });

  it('renders the menu with names, pictures and prices, and hands the browser the data it was drawn from', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const menu = await api<Overalls>('/products/v1/overalls?type=WEB');
    const root = text(rootOf(res.body));
    const shown = menu.products.slice(0, 12);
    for (const product of shown) expect(root).toContain(pickText(product.name, 'ru'));
    expect(root).toContain(formatNumber(shown[0]!.price));
    expect(root).toMatch(/<img[^>]+src="\/media\//);
    const boot = bootOf(res.body);
    expect(boot.lang).toBe('ru');
    const overalls = boot.queries.queries.find((q: { queryKey: unknown[] }) => q.queryKey.join('/') === 'catalogue/overalls/WEB');
    expect(overalls.state.data).toEqual(menu);
    // The menu goes into the page as the API's own answer, escaped for a script element, not written again.
    const answer = (await get('/api/products/v1/overalls?type=WEB')).payload;
    expect(answer).toMatch(/&|</);
    expect(res.body).toContain(`"data":${scriptSafe(answer)},`);
    expect(
      bootOf(res.body).queries.queries.every(
        (q: { state: { data: unknown } }) => !JSON.stringify(q.state.data ?? null).includes('dx-answer'),
      ),
    ).toBe(true);
  });

  it('preloads the first banner as the carousel shows it and no small picture beside it, and runs no inline script (the CSP forbids them)', async () => {
    const res = await get('/');
    const banners = await api<{ image: string }[]>('/support/v1/banner');
    const first = pictureSources(banners[0]!.image, BANNER_PICTURE, true);
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(res.body)![0].replace(/&#38;/g, '&');
    expect(preload).toContain(`href="${first.src}"`);
    expect(preload).toContain(`imagesrcset="${first.srcSet}"`);
    // The small pictures of the first screen (the logo, the stories) are not asked for ahead of it, nor alongside it.
    const preloads = res.body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads.filter((tag) => /logo|stories/.test(tag))).toEqual([]);
    expect(rootOf(res.body)).toMatch(/<img [^>]*src="[^"]*logo[^"]*"[^>]*fetchPriority="low"/);
    for (const tag of res.body.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src=|type="application\/(ld\+)?json"/);
    expect(res.body).not.toContain('<template');
  });

  it('renders a product page with its name, description and price; an unknown product is a 404 page', async () => {
    const menu = await api<Overalls>('/products/v1/overalls?type=WEB');
    const product = menu.products.find((p) => pickText(p.description, 'ru').length > 20)!;
    const res = await get(`/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    const root = text(rootOf(res.body));
    expect(root).toContain(pickText(product.name, 'ru'));
    expect(root).toContain(pickText(product.description, 'ru'));
    expect(root).toContain(formatNumber(product.price));
    // Its picture is asked for in the head, at the addresses the page's own picture asks for.
    const first = pictureSources(product.image!, PRODUCT_PICTURE, true);
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(res.body.slice(0, res.body.indexOf('</head>')))![0].replace(/&#38;/g, '&');
    expect(preload).toContain(`href="${first.src}"`);
    expect(preload).toContain(`imagesrcset="${first.srcSet}"`);
    expect(rootOf(res.body).replace(/&amp;/g, '&')).toContain(`src="${first.src}"`);
    const missing = await get('/product/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(rootOf(missing.body).length).toBeGreaterThan(100);
  });

  it("puts a brand's text into the page as it is, `$&` and `$'` included (no replacement patterns)", async () => {
    const product = (await api<Overalls>('/products/v1/overalls?type=WEB', navbahor)).products.at(-1)!;
    const odd = "Narxi $& va $' hamda $$ yoki $` — o'zgarmaydi";
    await t.database.db.execute(
      sql`update products set description = jsonb_build_object('uz', ${odd}::text, 'ru', ${odd}::text, 'eng', ${odd}::text), updated_at = now() where id = ${product.id}`,
    );
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const res = await get(`/product/${product.id}`, navbahor);
    expect(res.statusCode).toBe(200);
    expect(text(rootOf(res.body))).toContain(odd);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
    const shown = bootOf(res.body)
      .queries.queries.map((q: { state: { data: unknown } }) => JSON.stringify(q.state.data))
      .join('');
    expect(shown).toContain(JSON.stringify(odd).slice(1, -1));
  });

  it('renders the branches with their hours, and the 404 page for an address that is nothing', async () => {
    const branches = await api<Branch[]>('/users/v1/branches');
    const res = await get('/branches');
    expect(res.statusCode).toBe(200);
    const root = text(rootOf(res.body));
    // The first city's branches are listed; the others are a tap on the city away.
    expect(branches.filter((b) => root.includes(pickText(b.name, 'ru'))).length).toBeGreaterThan(0);
    expect(root).toMatch(/\d\d:\d\d/);
    const nothing = await get('/no-such-page');
    expect(nothing.statusCode).toBe(404);
    expect(nothing.body).toContain('<div id="root"><');
  });

  it("speaks the customer's language, right to left in Arabic, and the brand's own language by default", async () => {
    const ar = await get('/', tezkor, { cookie: 'lang=ar' });
    expect(ar.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(bootOf(ar.body).lang).toBe('ar');
    const uz = await get('/?lang=uz');
    expect(uz.body).toMatch(/<html lang="uz" dir="ltr"/);
    const cafe = await get('/', navbahor);
    expect(cafe.body).toMatch(/<html lang="uz"/);
  });

  it("each brand's page shows its own menu, never another's", async () => {
    const [a, b] = await Promise.all([
      api<Overalls>('/products/v1/overalls?type=WEB', tezkor),
      api<Overalls>('/products/v1/overalls?type=WEB', navbahor),
    ]);
    const cafe = text(rootOf((await get('/', navbahor)).body));
    expect(cafe).toContain(pickText(b.products[0]!.name, 'uz'));
    const onlyTezkor = a.products.map((p) => pickText(p.name, 'uz')).filter((n) => !b.products.some((q) => pickText(q.name, 'uz') === n));
    for (const name of onlyTezkor.slice(0, 10)) expect(cafe).not.toContain(name);
  });

  it('shows a blocked brand its page with 403, and renders nothing personal: a logged-in request gets the guest page', async () => {
    const blocked = await get('/', `${DEMO.yopiq.sub}.localhost`);
    expect(blocked.statusCode).toBe(403);
    expect(bootOf(blocked.body).queries).toBeDefined();
    const guest = await get('/search');
    const customer = await get('/search', tezkor, { cookie: 'dx_session=abc', authorization: 'Bearer abc' });
    expect(customer.body).toBe(guest.body);
    expect(customer.headers['set-cookie']).toBeUndefined();
  });

  it('tells the page whether the development brand switcher answers: on development hosts outside production only', async () => {
    expect(bootOf((await get('/')).body).brandSwitcher).toBe(true);
    const real = await get('/', `${DEMO.tezkor.sub}.dasturxon.uz`);
    expect(real.statusCode).toBe(200);
    expect(bootOf(real.body).brandSwitcher).toBeUndefined();
  });

  it("leaves the customer's own pages to the browser", async () => {
    for (const path of ['/basket', '/profile', '/login']) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(bootOf(res.body).queries).toBeUndefined();
    }
  });

  const metaOf = (html: string, attr: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attr}="${key.replace('+', '\\+')}" content="([^"]*)"`)
      .exec(html)?.[1]
      ?.replace(/&#38;/g, '&')
      .replace(/&#39;/g, "'");
  const linksOf = (html: string, rel: string) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}"([^>]*)>`, 'g'))].map((m) => m[1]!.replace(/&#38;/g, '&'));
  const jsonLdOf = (html: string) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema.org documents, read field by field
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);

  it("gives each brand's home page its own title, description, canonical address, languages, preview and schema.org data", async () => {
    for (const [host, sub] of [
      [tezkor, DEMO.tezkor.sub],
      [navbahor, DEMO.navbahor.sub],
    ] as const) {
      const other = host === tezkor ? DEMO.navbahor : DEMO.tezkor;
      const res = await get('/', host);
      const origin = `http://${host}`;
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      const name = bootOf(res.body).merchant.name as string;
      expect(/<title>([^<]*)<\/title>/.exec(head)![1]).toContain(name);
      expect(metaOf(head, 'name', 'description')).toContain(name);
      expect(head.match(/<meta name="description"/g)).toHaveLength(1);
      expect(linksOf(head, 'canonical')).toEqual([` href="${origin}/" /`]);
      const alternates = linksOf(head, 'alternate');
      expect(alternates.length).toBeGreaterThan(2);
      expect(alternates.some((a) => a.includes('hreflang="x-default"') && a.includes(`href="${origin}/"`))).toBe(true);
      expect(alternates.every((a) => a.includes(`href="${origin}/`))).toBe(true);
      expect(metaOf(head, 'property', 'og:url')).toBe(`${origin}/`);
      expect(metaOf(head, 'property', 'og:title')).toContain(name);
      expect(metaOf(head, 'property', 'og:image')).toMatch(new RegExp(`^${origin}/media/demo/${sub}/`));
      expect(metaOf(head, 'name', 'twitter:card')).toBe('summary');
      const [restaurant, menu] = jsonLdOf(head);
      expect(restaurant!['@type']).toBe('Restaurant');
      expect(restaurant!.name).toBe(name);
      const branches = await api<Branch[]>('/users/v1/branches', host);
      expect(restaurant!.department).toHaveLength(branches.filter((b) => b.isActive).length);
      for (const branch of restaurant!.department) {
        expect(branch.address.streetAddress.length).toBeGreaterThan(3);
        expect(branch.telephone).toMatch(/^\+?\d/);
        expect(branch.openingHoursSpecification.length).toBeGreaterThan(0);
        expect(branch.openingHoursSpecification[0].opens).toMatch(/^\d\d:\d\d$/);
      }
      expect(menu!['@type']).toBe('Menu');
      const items = menu!.hasMenuSection.flatMap((s: { hasMenuItem: unknown[] }) => s.hasMenuItem);
      const overalls = await api<Overalls>('/products/v1/overalls?type=WEB', host);
      expect(items).toHaveLength(overalls.products.length);
      expect(items[0].offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'UZS' });
      expect(items[0].offers.price).toBe(overalls.products.find((p) => items[0].url.endsWith(p.id))!.price);
      // Never the other brand's name or host.
      expect(head).not.toContain(`${other.sub}.localhost`);
    }
  });

  it("gives a product page the product's title, picture, price and Product data, in the page's language", async () => {
    const menu = await api<Overalls>('/products/v1/overalls?type=WEB');
    const product = menu.products.find((p) => pickText(p.description, 'uz').length > 20)!;
    const res = await get(`/product/${product.id}?lang=uz`);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const origin = `http://${tezkor}`;
    expect(/<title>([^<]*)<\/title>/.exec(head)![1]).toContain(pickText(product.name, 'uz'));
    expect(linksOf(head, 'canonical')).toEqual([` href="${origin}/product/${product.id}?lang=uz" /`]);
    expect(metaOf(head, 'property', 'og:type')).toBe('product');
    expect(metaOf(head, 'property', 'og:image')).toBe(`${origin}/media/${product.image}?w=1200&h=1200&f=jpeg`);
    expect(metaOf(head, 'name', 'twitter:card')).toBe('summary_large_image');
    const [ld] = jsonLdOf(head);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: pickText(product.name, 'uz'),
      offers: { price: product.price, priceCurrency: 'UZS' },
    });
    // A product opened over the menu is the same page to a search engine.
    const overlay = await get(`/?product=${product.id}&view=sheet`);
    expect(linksOf(overlay.body, 'canonical')).toEqual([` href="${origin}/product/${product.id}" /`]);
    // Search results, error pages and the customer's own pages are not listed.
    expect((await get('/search?q=burger')).body).toContain('<meta name="robots" content="noindex" />');
    expect((await get('/no-such-page')).body).toContain('<meta name="robots" content="noindex" />');
    expect((await get('/basket')).body).toContain('<meta name="robots" content="noindex" />');
  });

  it('answers robots.txt and sitemap.xml per brand host; a host of no open brand asks not to be crawled', async () => {
    for (const host of [tezkor, navbahor]) {
      const origin = `http://${host}`;
      const robots = await get('/robots.txt', host);
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
      expect(robots.body).toContain('Disallow: /basket');
      const sitemap = await get('/sitemap.xml', host);
      expect(sitemap.headers['content-type']).toContain('application/xml');
      const overalls = await api<Overalls>('/products/v1/overalls?type=WEB', host);
      const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toContain(`${origin}/`);
      for (const p of overalls.products) expect(locs).toContain(`${origin}/product/${p.id}`);
      expect(locs.every((l) => l!.startsWith(`${origin}/`))).toBe(true);
      expect(sitemap.body).toContain('hreflang="x-default"');
    }
    const blocked = await get('/robots.txt', `${DEMO.yopiq.sub}.localhost`);
    expect(blocked.body).toBe('User-agent: *\nDisallow: /\n');
    expect((await get('/sitemap.xml', 'nobody.localhost')).statusCode).toBe(404);
  });

  it('answers each brand host its own web app manifest (issue 29, decision 018); none for a host of no open brand', async () => {
    const tezkor = await get('/manifest.webmanifest', `${DEMO.tezkor.sub}.localhost`);
    expect(tezkor.statusCode).toBe(200);
    expect(tezkor.headers['content-type']).toContain('application/manifest+json');
    const navbahor = await get('/manifest.webmanifest', `${DEMO.navbahor.sub}.localhost`);
    const [a, b] = [JSON.parse(tezkor.body), JSON.parse(navbahor.body)] as { name: string; start_url: string; icons: { src: string }[] }[];
    expect(a!.name).not.toBe(b!.name);
    expect(a!.start_url).toBe('/');
    expect(a!.icons.length).toBeGreaterThan(0);
    expect((await get('/manifest.webmanifest', `${DEMO.yopiq.sub}.localhost`)).statusCode).toBe(404);
    expect((await get('/manifest.webmanifest', 'nobody.localhost')).statusCode).toBe(404);
    // The offline page the worker keeps is drawn by the browser: the customer's own, not listed.
    expect((await get('/offline')).body).toContain('<meta name="robots" content="noindex" />');
  });

  it('sends /uz/1/basket to /basket, keeping the language and page segments in cookies', async () => {
    const res = await get('/uz/1/basket?x=1');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/basket?x=1');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => /^lang=uz;/.test(c) && /Max-Age=31536000/.test(c) && /Path=\//.test(c))).toBe(true);
    expect(cookies.some((c) => /^page=1;/.test(c))).toBe(true);
  });

  it('compresses a page drawn for one visitor quickly, and at best once it is sent again, with one ETag', async () => {
    const url = '/about?compression=1';
    const first = await get(url, tezkor, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const again = await get(url, tezkor, { 'accept-encoding': 'br' });
    expect(again.headers.etag).toBe(first.headers.etag);
    // Sent again, the kept page is compressed harder in the background: the same page in fewer bytes.
    await vi.waitFor(async () =>
      expect((await get(url, tezkor, { 'accept-encoding': 'br' })).rawPayload.length).toBeLessThan(first.rawPayload.length),
    );
    const gzipped = await get(url, tezkor, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(brotliDecompressSync(first.rawPayload).toString());
  });

  it('sends a page as it is to a client that takes no compression, drawn or kept, with one ETag', async () => {
    const url = '/about?plain=1';
    const drawn = await get(url, tezkor, { 'accept-encoding': 'identity' });
    expect(drawn.headers['content-encoding']).toBeUndefined();
    expect(drawn.body).toContain('</html>');
    const kept = await get(url, tezkor, { 'accept-encoding': 'identity' });
    expect(kept.headers.etag).toBe(drawn.headers.etag);
    expect(kept.body).toBe(drawn.body);
    const br = await get(url, tezkor, { 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(drawn.headers.etag);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(drawn.body);
  });

  it('keeps a page like a file (one ETag, compressed once) until the data it shows changes', async () => {
    const first = await get('/', tezkor, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const again = await get('/', tezkor, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);

    const product = (await api<Overalls>('/products/v1/overalls?type=WEB')).products[0]!;
    await t.database.db.execute(sql`update products set cost_price = cost_price + 1111000, updated_at = now() where id = ${product.id}`);
    // Within the page's freshness the kept page still goes out; after it, the page is checked and drawn anew.
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const price = (await api<Overalls>('/products/v1/overalls?type=WEB')).products.find((p) => p.id === product.id)!.price;
    expect(price).toBeGreaterThan(product.price + 1_000_000);
    const changed = await get('/');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(text(rootOf(changed.body))).toContain(formatNumber(price));
    const same = await get('/', tezkor, { 'if-none-match': String(changed.headers.etag) });
    expect(same.statusCode).toBe(304);
  });
});

describe('the page cache', () => {
  it('keys pages by brand, language and address, and lets the least recently used go first', () => {
    const cache = createPageCache(2);
    const page = {
      status: 200,
      etag: '"e"',
      br: Buffer.alloc(0),
      gzip: Buffer.alloc(0),
      compression: 'best' as const,
      dataVersion: 'v',
      checkedAt: 0,
    };
    expect(cache.key('m1', 'ru', '/')).not.toBe(cache.key('m2', 'ru', '/'));
    expect(cache.key('m1', 'ru', '/')).not.toBe(cache.key('m1', 'uz', '/'));
    cache.set('a', page);
    cache.set('b', page);
    cache.get('a');
    cache.set('c', page);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(page);
    expect(cache.size).toBe(2);
  });

  it('keeps pages within their memory, the least recently used going first, whatever addresses a crawler invents', () => {
    const page = (kb: number) => ({
      status: 200,
      etag: '"e"',
      br: Buffer.alloc(kb * 1024),
      gzip: null,
      compression: 'quick' as const,
      dataVersion: 'v',
      checkedAt: 0,
    });
    const cache = createPageCache(2_000, 10 * 1024);
    for (let i = 0; i < 100; i++) cache.set(`/?utm_source=${i}`, page(3));
    // 3 KB each: three fit in 10 KB.
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(9 * 1024);
    expect(cache.get('/?utm_source=99')).toBeDefined();
    expect(cache.get('/?utm_source=96')).toBeUndefined();
    // A kept page replaced by a larger one is counted at its new size.
    const kept = cache.get('/?utm_source=98')!;
    cache.replace('/?utm_source=98', kept, page(4));
    expect(cache.bytes).toBe(10 * 1024);
    expect(cache.size).toBe(3);
    cache.set('/', page(20));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('shares an API answer between pages drawn within the freshness of a kept page, never longer', () => {
    let now = 1_000;
    const memo = createAnswerMemo(() => now, 2);
    const answer = { at: now, status: 200, headers: new Headers(), text: '{}' };
    memo.set('m1 /api/products', answer);
    now += PAGE_FRESH_MS - 1;
    expect(memo.get('m1 /api/products')).toBe(answer);
    expect(memo.get('m2 /api/products')).toBeUndefined();
    now += 1;
    expect(memo.get('m1 /api/products')).toBeUndefined();
    // A clock moved back makes an answer stale, not fresh for ever; and only the newest answers are kept.
    memo.set('a', { ...answer, at: now });
    now -= 10;
    expect(memo.get('a')).toBeUndefined();
    memo.set('b', { ...answer, at: now });
    memo.set('c', { ...answer, at: now });
    memo.set('d', { ...answer, at: now });
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('d')).toBeDefined();
  });

  it('renews a kept answer in the background once it is ANSWER_RENEW_MS old, once, keeping what an unchanged answer already had', async () => {
    let now = 10_000;
    const memo = createAnswerMemo(() => now);
    const kept = { at: now, status: 200, headers: new Headers(), text: '{"a":1}', value: Object.freeze({ a: 1 }), digest: 'd1' };
    memo.set('k', kept);
    let fetched = 0;
    const again =
      (text: string, status = 200) =>
      async () => {
        fetched += 1;
        return { at: now, status, headers: new Headers(), text };
      };
    memo.renew('k', kept, again('{"a":1}'));
    await memo.settled();
    expect(fetched).toBe(0);
    now += ANSWER_RENEW_MS;
    memo.renew('k', kept, again('{"a":1}'));
    memo.renew('k', kept, again('{"a":1}'));
    // Pages go on drawing from the kept answer meanwhile.
    expect(memo.get('k')).toBe(kept);
    await memo.settled();
    expect(fetched).toBe(1);
    const renewed = memo.get('k')!;
    expect(renewed).not.toBe(kept);
    expect(renewed.at).toBe(now);
    // The same answer: its JSON and hash carry over, so pages keep sharing them and keep their version.
    expect(renewed.value).toBe(kept.value);
    expect(renewed.digest).toBe('d1');
    // A changed answer starts afresh; a refused or failed fetch leaves the kept one to run out.
    now += ANSWER_RENEW_MS;
    memo.renew('k', renewed, again('{"a":2}'));
    await memo.settled();
    const changed = memo.get('k')!;
    expect(changed.text).toBe('{"a":2}');
    expect(changed.value).toBeUndefined();
    expect(changed.digest).toBeUndefined();
    now += ANSWER_RENEW_MS;
    memo.renew('k', changed, again('{"error":1}', 500));
    await memo.settled();
    expect(memo.get('k')).toBe(changed);
    const other = { ...kept, at: now - ANSWER_RENEW_MS };
    memo.set('j', other);
    memo.renew('j', other, () => Promise.reject(new Error('down')));
    await memo.settled();
    expect(memo.get('j')).toBe(other);
    now = changed.at + PAGE_FRESH_MS;
    expect(memo.get('k')).toBeUndefined();
  });

  it('keeps a page compressed only, each copy in memory of its own size, and unpacks it for a client that takes no compression', async () => {
    const html = `<!doctype html><p>${'Гамбургер 26 000 сум '.repeat(4000)}</p>`;
    const plain = Buffer.from(html);
    for (const asked of [null, 'br', 'gzip'] as const) {
      const page = await cachedPage(200, plain, 'v', 5, 'quick', asked);
      const kept = asked === 'gzip' ? page.gzip! : page.br!;
      expect(asked === 'gzip' ? page.br : page.gzip).toBeNull();
      // The compressor writes into a chunk as large as the page; the kept copy does not hold on to it.
      expect(kept.buffer.byteLength).toBe(kept.length);
      expect(pageBytes(page)).toBe(kept.length);
      expect(pageBytes(page)).toBeLessThan(plain.length / 20);
      expect((await plainOf(page)).equals(plain)).toBe(true);
    }
  });

  it('compresses a page drawn for one visitor as that visitor asked, and a page kept for many at best, with one ETag', async () => {
    const html = `<!doctype html><p>${'Гамбургер 26 000 сум '.repeat(4000)}</p>`;
    const quick = await cachedPage(200, Buffer.from(html), 'v', 5, 'quick', 'br');
    expect(quick.gzip).toBeNull();
    expect(brotliDecompressSync(quick.br!).toString()).toBe(html);
    const best = await cachedPage(200, Buffer.from(html), 'v', 7, 'best');
    expect(best.etag).toBe(quick.etag);
    expect(brotliDecompressSync(best.br!).toString()).toBe(html);
    expect(gunzipSync(best.gzip!).toString()).toBe(html);
    const cache = createPageCache();
    cache.set('k', quick);
    cache.replace('k', quick, best);
    expect(cache.get('k')!.br).toBe(best.br);
    // Checked when the quick copy was: the better copy does not make the page fresher than it is.
    expect(cache.get('k')!.checkedAt).toBe(5);
    // A page drawn again meanwhile is not replaced by an older one's copy.
    const newer = { ...quick, dataVersion: 'w' };
    cache.set('k', newer);
    cache.replace('k', quick, best);
    expect(cache.get('k')).toBe(newer);
  });
});

describe('a long menu rendered on the server', () => {
  let t: TestApp;
  const host = `${DEMO.tezkor.sub}.localhost:3000`;
  beforeAll(async () => {
    t = await createTestApp('pglite', await pageDist('dx-ssr-long-'));
    // 120 more burgers and 120 more sides, before anything asks for the menu.
    const { products } = await import('@dasturxon/db');
    const extra = (categoryId: string, prefix: string) =>
      Array.from({ length: 120 }, (_, i) => ({
        merchantId: DEMO.tezkor.id,
        categoryId,
        costPrice: 10_000 + i,
        name: { ru: `${prefix} ${i}`, uz: `${prefix} ${i}`, eng: `${prefix} ${i}` },
      }));
    await t.database.db
      .insert(products)
      .values([...extra(DEMO.tezkor.categories.burgers, 'Бургер'), ...extra(DEMO.tezkor.categories.sides, 'Гарнир')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('carries only the sections it draws, marked old, so the browser asks for the whole menu; a short menu travels whole', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
    expect(res.statusCode).toBe(200);
    const whole = (await t.app.inject({ method: 'GET', url: '/api/products/v1/overalls?type=WEB', headers: { host } })).json() as Overalls;
    const overalls = bootOf(res.body).queries.queries.find(
      (q: { queryKey: unknown[] }) => q.queryKey.join('/') === 'catalogue/overalls/WEB',
    );
    const sent = overalls.state.data as Overalls;
    expect(whole.products.length).toBeGreaterThan(300);
    expect(sent.products.length).toBeGreaterThanOrEqual(150);
    expect(sent.products.length).toBeLessThan(whole.products.length);
    expect(overalls.state.dataUpdatedAt).toBe(0);
    // Whole categories, every group and category kept: the same start is drawn from it as from the whole menu.
    expect([sent.categories, sent.groups]).toEqual([whole.categories, whole.groups]);
    const countIn = (m: Overalls, categoryId: string) => m.products.filter((p) => p.categoryId === categoryId).length;
    for (const categoryId of new Set(sent.products.map((p) => p.categoryId)))
      expect(countIn(sent, categoryId)).toBe(countIn(whole, categoryId));
    expect(text(rootOf(res.body))).toContain('Бургер 119');
    expect(text(rootOf(res.body))).not.toContain('Гарнир 119');
  });
});
