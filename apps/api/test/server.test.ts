import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { faviconUrl } from '@dasturxon/domain';
import { DEV_PAYMENT_SECRETS_KEY } from '@dasturxon/db';
import { ConfigError, ConfigSchema, parseConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './harness.ts';

describe('configuration', () => {
  it('gives every default', () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.BASE_DOMAINS).toEqual(['localhost']);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
  });
  it('fails fast, naming what is wrong', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
  it('trusts a number of proxy hops or a list of proxies, and reads true as the nearest proxy only', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => parseConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
  it('reads lists and switches', () => {
    const c = parseConfig({ BASE_DOMAINS: 'localhost, Dasturxon.uz', SEED_DEMO: 'false', PORT: '8080' });
    expect(c.BASE_DOMAINS).toEqual(['localhost', 'dasturxon.uz']);
    expect(c.SEED_DEMO).toBe(false);
    expect(c.PORT).toBe(8080);
  });
  it("is named, every setting, in the README's table and in .env.example", async () => {
    const root = join(import.meta.dirname, '../../..');
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    const example = await readFile(join(root, '.env.example'), 'utf8');
    for (const key of Object.keys(ConfigSchema.shape)) {
      expect(readme, `README's settings table lacks ${key}`).toMatch(new RegExp(`^\\| [^|]*\`${key}\``, 'm'));
      expect(example, `.env.example lacks ${key} (node scripts/env-example.mjs)`).toContain(`\n# ${key}=`);
    }
  });
  it('refuses production without its secrets or with the demo brands, naming each variable', () => {
    const error = (() => {
      try {
        parseConfig({ NODE_ENV: 'production' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/AUTH_SECRET/);
    expect((error as Error).message).toMatch(/PAYMENT_SECRETS_KEY/);
    expect((error as Error).message).toMatch(/SEED_DEMO/);
    const ready = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-long-enough-secret',
      PAYMENT_SECRETS_KEY: 'a-real-payment-key-0001',
      SEED_DEMO: 'false',
    };
    expect(parseConfig(ready).NODE_ENV).toBe('production');
    expect(() => parseConfig({ ...ready, PAYMENT_SECRETS_KEY: DEV_PAYMENT_SECRETS_KEY })).toThrow(
      /PAYMENT_SECRETS_KEY: must be set, and not to the development key/,
    );
    // Outside production the development defaults stand in.
    expect(parseConfig({ NODE_ENV: 'test' }).PAYMENT_SECRETS_KEY).toBeUndefined();
  });
});

describe('the server around the API', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'dx-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="theme-color" content="#FCE000" /><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><title>Dasturxon</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(dist, 'assets', 'app-1234.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    // What the build writes: a brotli copy beside a file, and the manifest naming each language's file.
    await writeFile(join(dist, 'assets', 'shell-5678.js'), 'console.log("plain");');
    await writeFile(join(dist, 'assets', 'shell-5678.js.br'), brotliCompressSync('console.log("from the build");'));
    await mkdir(join(dist, '.vite'));
    await writeFile(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/i18n/locales/ru.po': { file: 'assets/ru-R1.js', src: 'src/i18n/locales/ru.po' },
        'src/i18n/locales/uz.po': { file: 'assets/uz-U1.js', src: 'src/i18n/locales/uz.po' },
        'src/i18n/locales/ar.po': { file: 'assets/ar-A1.js', src: 'src/i18n/locales/ar.po' },
        'src/main.tsx': { file: 'assets/shell-5678.js', isEntry: true },
      }),
    );
    t = await createTestApp('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the storefront with the brand inlined for its host', async () => {
    const res = await get('/', { host: `${DEMO.tezkor.sub}.localhost:3000` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const boot = JSON.parse(/<script id="dx-boot" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!);
    expect(boot.merchant.id).toBe(DEMO.tezkor.id);
    expect(boot.settings.merchantId).toBe(DEMO.tezkor.id);
    expect(boot.error).toBeNull();
    expect(res.body).toMatch(/<meta name="theme-color" content="#E4002B"/i);
    expect(res.body).not.toContain('<title>Dasturxon</title>');
  });

  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it("preloads the translations of the language the customer will see: the chosen one, else the brand's", async () => {
    const preloaded = async (host: string, cookie?: string) => {
      const res = await get('/', { host, ...(cookie ? { cookie } : {}) });
      return /<link rel="modulepreload" href="([^"]+)" fetchpriority="low" \/>/.exec(res.body)?.[1];
    };
    expect(await preloaded(`${DEMO.tezkor.sub}.localhost`)).toBe('/assets/ru-R1.js');
    expect(await preloaded(`${DEMO.tezkor.sub}.localhost`, 'lang=ar')).toBe('/assets/ar-A1.js');
    expect(await preloaded(`${DEMO.navbahor.sub}.localhost`)).toBe('/assets/uz-U1.js');
  });

  it("shows the brand's icon instead of the default one, once", async () => {
    const head = headOf((await get('/', { host: `${DEMO.tezkor.sub}.localhost` })).body);
    const icons = head.match(/<link rel="icon"[^>]*>/g)!;
    expect(icons).toHaveLength(1);
    expect(icons[0]!.replace(/&#38;/g, '&')).toContain(`href="${faviconUrl({ favicon: 'demo/tezkor/favicon.svg' })}"`);
  });

  it('sends the compressed copy the build wrote, as it is', async () => {
    const res = await get('/assets/shell-5678.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("from the build");');
  });

  it('serves deep links with the SPA fallback, and an unknown brand with its error inlined', async () => {
    const res = await get('/profile/orders', { host: 'nobody.localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"code":"MERCHANT_NOT_FOUND"');
  });

  it('remembers the vendor parameter in a cookie on development hosts', async () => {
    const res = await get(`/?vendor=${DEMO.navbahor.sub}`, { host: 'localhost:3000' });
    expect(res.headers['set-cookie']).toContain(`vendor=${DEMO.navbahor.sub}`);
    expect(res.body).toContain(DEMO.navbahor.id);
  });

  it('never answers a missing asset with the page', async () => {
    const res = await get('/assets/app-old.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const res = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers and a request id', async () => {
    const res = await get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // HSTS only over HTTPS (hostile-input.test.ts).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
    const mine = await get('/api/health', { 'x-request-id': 'trace-me-42' });
    expect(mine.headers['x-request-id']).toBe('trace-me-42');
  });

  it('escapes a title a merchant typed so it cannot break out of the page', async () => {
    const res = await get('/', { host: `${DEMO.tezkor.sub}.localhost` });
    // The boot data is the page's one script element: a title cannot open another.
    expect(res.body.match(/<script/g)!.length).toBe(1);
    expect(res.body).toMatch(/<script id="dx-boot" type="application\/json">[^<]*<\/script><\/body>/);
  });

  it('describes every route in the OpenAPI document and serves the docs page', async () => {
    const res = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const doc = await get('/api/openapi.json');
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\.1/);
    for (const path of [
      '/api/health',
      '/api/users/v1/merchants/sub/{sub}',
      '/api/users/v1/merchants/current',
      '/api/support/v1/merchant/settings/web',
      '/api/support/v1/merchant/settings/click-app/client',
      '/api/orders/v1/merchant/settings',
      '/api/users/v1/city-merchant/merchant/{merchantId}',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    const merchantSchema = spec.paths['/api/users/v1/merchants/sub/{sub}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(merchantSchema.properties)).toContain('mainCityId');
    const docs = await get('/api/docs');
    expect([200, 302]).toContain(docs.statusCode);
  });
});
