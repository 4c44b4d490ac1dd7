import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  bootStatus,
  enabledLanguages,
  errorBody,
  faviconUrl,
  hostnameOf,
  htmlLangOf,
  isDevHost,
  isRtl,
  isSafeInternalPath,
  LANG_COOKIE,
  LANG_COOKIE_DAYS,
  LANG_PARAM,
  PAGE_COOKIE,
  pickText,
  pictureSources,
  resolveLanguage,
  rewritePath,
  themeOf,
  VENDOR_COOKIE,
  type FirstPicture,
  type Merchant,
  type MerchantSettings,
  type UiLanguage,
} from '@dasturxon/domain';
import { defaultMerchantSettings } from '@dasturxon/domain/contracts';
import { methodsAllowed } from '../plugins/input-guard.ts';
import type { TenantResolver } from '../plugins/tenant.ts';
import { brandSwitcherOn, toMerchant, type MerchantsService } from '../features/merchants/index.ts';
import {
  answersVersion,
  cachedPage,
  createAnswerMemo,
  createPageCache,
  inProcessFetch,
  loadRenderer,
  PAGE_FRESH_MS,
  pageBytesOf,
  plainOf,
  scriptJsonOf,
  type AnswerLog,
  type CachedPage,
  type Encoding,
} from './render.ts';
import type { BootData, JsonPart, PageLoad } from '@dasturxon/client/render-contract';
import { registerWebApp } from './web-app.ts';
import { storefrontCsp } from './csp.ts';
import { escapeHtml, originOf, robotsTxt, safeJson, scriptSafe, seoTags, sitemapPaths, sitemapXml } from './seo.ts';

/** Paths that name a file: a miss answers 404, never the page (a stale hashed asset must not come back as HTML). */
const ASSET_LIKE = /\.[a-z0-9]{1,8}$/i;
const YEAR_SECONDS = 31_536_000;

interface Deps {
  webDist: string;
  /** The storefront's server renderer (`vite build --ssr`); without it the browser renders every page. */
  ssrDist: string;
  resolver: TenantResolver;
  merchants: MerchantsService;
  /** Outside production (the development brand switcher, merchants.routes.ts). */
  development: boolean;
  /** Memory for kept pages, in MB (`PAGE_CACHE_MB`). */
  pageCacheMb: number;
  /** Told whether each page asked for was sent from the rendered-page cache (metrics). */
  pageCacheCounted?: (result: 'hit' | 'miss') => void;
}

/**
 * The built page and what the build's manifest says of it (the hashed file of each interface language), with the
 * build's version file: read once, then kept for the life of the process, with the renderer of the same build.
 * A later build in the same folder is served by the next process (docs/decisions/012-assets-across-deploys.md);
 * its hashed files sit beside this build's (scripts/vite-keep-builds.ts), so both versions' pages work.
 */
interface Template {
  html: string;
  localeUrls: Partial<Record<UiLanguage, string>>;
  /** `version.json` of the same build, or null when the build wrote none. */
  version: string | null;
}

/** `dist/.vite/manifest.json` → `{ ru: '/assets/ru-DeF9hAo6.js', … }` (each language's compiled catalogue); empty when there is no manifest. */
async function readLocaleUrls(webDist: string): Promise<Template['localeUrls']> {
  try {
    const manifest = JSON.parse(await readFile(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, { file?: string }>;
    const urls: Template['localeUrls'] = {};
    for (const [source, entry] of Object.entries(manifest)) {
      const lang = /\/locales\/([a-z]+)\.po$/.exec(source)?.[1];
      if (lang && entry.file) urls[lang as UiLanguage] = `/${entry.file}`;
    }
    return urls;
  } catch {
    return {};
  }
}

/** The page's largest picture (the first banner, a product's picture) as the page shows it (same addresses and sizes), fetched first. */
function picturePreload({ key, box }: FirstPicture): string {
  const { src, srcSet } = pictureSources(key, box, true);
  const set = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(box.sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${set} fetchpriority="high" />`;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

/**
 * The translations (the language's compiled catalogue, a module the code imports before anything is drawn or taken
 * over): fetched with the page, at low priority, so they do not share the line with the stylesheet and the largest
 * picture. The code they wait for is asked for only once that picture is painted (main.tsx), and they are a tenth of
 * its size.
 */
function messagesPreload(built: Template, lang: UiLanguage): string[] {
  const messages = built.localeUrls[lang];
  return messages ? [`<link rel="modulepreload" href="${escapeHtml(messages)}" fetchpriority="low" />`] : [];
}

/** What a rendered page adds to the head: its translations and its largest picture. */
function headFor(built: Template, lang: UiLanguage, load: Extract<PageLoad, { kind: 'page' }>): string[] {
  const head = messagesPreload(built, lang);
  if (load.meta.firstPicture) head.push(picturePreload(load.meta.firstPicture));
  return head;
}

interface PageParts {
  merchant: Merchant | null;
  settings: MerchantSettings;
  lang: UiLanguage;
  boot: BootData;
  /** A rendered page's query cache as JSON, in parts (render contract PageLoad `queries`): the boot's `queries`. */
  queries?: readonly JsonPart[];
  /** The rendered app, or '' for a page the browser renders. */
  body: string;
  head: string[];
  /** The rendered page's own title (app/page-meta.ts); else the brand's. */
  title?: string;
}

/**
 * The built page with the brand filled in: language and direction, colours (painted before any script),
 * title, icon, the boot data and, for a rendered page, the app's markup. Every replacement is a function: a
 * replacement string would read `$&` or `$'` in a brand's text as a pattern.
 *
 * The page comes back in parts, in order: the rendered body and the data (a few hundred kilobytes for a menu) are
 * never copied into one string; each part is written as bytes as it is (render.ts `pageBytesOf`).
 */
function fillTemplate(built: Template, { merchant, settings, lang, boot, queries, body, head, title: pageTitle }: PageParts): string[] {
  const theme = themeOf(settings);
  const style = `--brand:${theme.brand};--on-brand:${theme.onBrand};color-scheme:${theme.dark ? 'dark' : 'light'}`;
  // The built page is small: its head is filled in place.
  let page = built.html.replace(
    /<html[^>]*>/,
    () =>
      `<html lang="${htmlLangOf(lang)}" dir="${isRtl(lang) ? 'rtl' : 'ltr'}"${theme.dark ? ' class="dark"' : ''} style="${escapeHtml(style)}">`,
  );
  page = page.replace(
    /<meta name="theme-color" content="[^"]*"\s*\/?>/,
    () => `<meta name="theme-color" content="${escapeHtml(theme.brand)}" />`,
  );
  if (merchant) {
    const title = pageTitle || pickText(settings.title, lang) || merchant.name;
    page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    const favicon = faviconUrl(settings, merchant.logo);
    // The brand's icon instead of the default one: the tab asks for one icon, once.
    if (favicon) page = page.replace(/<link rel="icon"[^>]*>/, () => `<link rel="icon" href="${escapeHtml(favicon)}" type="image/png" />`);
  }
  // The page's own description replaces the build's generic one.
  if (head.some((tag) => tag.startsWith('<meta name="description"'))) page = page.replace(/<meta name="description"[^>]*>\s*/, '');
  const headEnd = page.indexOf('</head>');
  const root = page.indexOf(ROOT, headEnd);
  const closing = page.lastIndexOf('</body>');
  const bodyEnd = closing < 0 ? page.length : closing;
  // The data after the markup: the page's text and pictures are parsed (and can be painted) before it.
  const bootJson = safeJson(boot);
  const data =
    queries === undefined
      ? ['<script id="dx-boot" type="application/json">', bootJson, '</script>']
      : [
          '<script id="dx-boot" type="application/json">',
          bootJson.slice(0, -1),
          ',"queries":',
          ...queries.map((part) => (part.scriptSafe ? part.text : scriptSafe(part.text))),
          '}</script>',
        ];
  const drawn =
    body && root >= 0
      ? [page.slice(headEnd, root), '<div id="root">', body, '</div>', page.slice(root + ROOT.length, bodyEnd)]
      : [page.slice(headEnd, bodyEnd)];
  return [page.slice(0, headEnd), ...head, ...drawn, ...data, page.slice(bodyEnd)];
}

const ROOT = '<div id="root"></div>';
const NOINDEX = '<meta name="robots" content="noindex" />';

function sendHtml(reply: FastifyReply, status: number, parts: string[]) {
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(parts.join(''));
}

/** The encoding a browser takes, best first. */
function encodingOf(request: FastifyRequest): Encoding | null {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}

/**
 * A kept page goes out as a file would: compressed once, with its ETag (a 304 when the browser has it), or unpacked
 * for a client that takes no compression; `plain`, the page's bytes when they are at hand (a page just drawn).
 */
async function sendKept(request: FastifyRequest, reply: FastifyReply, page: CachedPage, plain?: Buffer) {
  reply
    .status(page.status)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding, Cookie')
    .header('etag', page.etag)
    .type('text/html; charset=utf-8');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (page.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (page.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(plain ?? (await plainOf(page)));
}

export async function registerStorefront(app: FastifyInstance, deps: Deps): Promise<void> {
  const indexPath = join(deps.webDist, 'index.html');
  let template: Template | null = null;

  /** The build this process serves: the first one found (a server started before any build takes the first). */
  async function indexHtml(): Promise<Template | null> {
    if (template) return template;
    try {
      const html = await readFile(indexPath, 'utf8');
      const version = await readFile(join(deps.webDist, 'version.json'), 'utf8').catch(() => null);
      template ??= { html, localeUrls: await readLocaleUrls(deps.webDist), version };
      return template;
    } catch {
      return null;
    }
  }
  await indexHtml();

  if (existsSync(deps.webDist)) {
    await app.register(fastifyStatic, {
      root: deps.webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      // The build writes `.br` and `.gz` beside each file (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      // Hashed assets never change; the page and the version file always revalidate.
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
        else if (/version\.json(\.br|\.gz)?$/.test(path)) res.header('cache-control', 'no-store');
        // The offline app's worker is checked on every visit: a new build's worker arrives at once (decision 018).
        else if (/\/sw\.js(\.br|\.gz)?$/.test(path)) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const renderer = await loadRenderer(deps.ssrDist);
  const pages = createPageCache(undefined, deps.pageCacheMb * 1024 * 1024);
  const answers = createAnswerMemo(() => app.clock.now().getTime());
  const upgrading = new WeakSet<CachedPage>();
  /** A kept page sent again is worth its best compression: made once, off the request's path (same bytes, same ETag). */
  function upgrade(key: string, kept: CachedPage, request: FastifyRequest): void {
    if (kept.compression === 'best' || upgrading.has(kept)) return;
    upgrading.add(kept);
    plainOf(kept)
      .then((plain) => cachedPage(kept.status, plain, kept.dataVersion, kept.checkedAt, 'best'))
      .then((best) => pages.replace(key, kept, best))
      .catch((error: unknown) => request.log.warn({ err: error }, 'compressing a kept page failed'));
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const built = await indexHtml();
    if (!built) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The storefront is not built yet: run `npm run build`.');
    }
    const query = request.query as Record<string, unknown>;
    const vendor = typeof query.vendor === 'string' ? query.vendor.toLowerCase() : null;
    if (vendor && isDevHost(hostnameOf(request.host))) {
      reply.setCookie(VENDOR_COOKIE, vendor, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax' });
    }
    // Spec section 2: `/uz/1/basket` keeps lang=uz and page=1 and goes to `/basket`, here rather than in the
    // browser, so the page is rendered once, in that language, at its own address.
    const [pathname = '/', search] = request.url.split('?');
    const rewrite = rewritePath(pathname, search === undefined ? '' : `?${search}`);
    if (rewrite.redirectTo) {
      const cookie = { path: '/', maxAge: LANG_COOKIE_DAYS * 86_400, sameSite: 'lax' } as const;
      if (rewrite.lang) reply.setCookie(LANG_COOKIE, rewrite.lang, cookie);
      if (rewrite.page) reply.setCookie(PAGE_COOKIE, rewrite.page, cookie);
      return reply.header('cache-control', 'no-store').redirect(isSafeInternalPath(rewrite.redirectTo) ? rewrite.redirectTo : '/', 302);
    }
    const { merchant: record, error } = await deps.resolver.tryResolve(request);
    const merchant = record ? toMerchant(record) : null;
    const found = record ? await deps.merchants.settings(record, 'WEB').catch(() => null) : null;
    const settings = found ?? (merchant ? { ...defaultMerchantSettings(), mainColor: merchant.color } : defaultMerchantSettings());
    const status = bootStatus({ merchant, error: error ? { code: error.code } : null });
    // The brand's own analytics and CRM origins, and only theirs (web/csp.ts).
    reply.header('content-security-policy', storefrontCsp(found));
    const lang = resolveLanguage({
      forcedLanguage: settings.forcedLanguage,
      chosen: (typeof query[LANG_PARAM] === 'string' ? query[LANG_PARAM] : null) ?? request.cookies?.[LANG_COOKIE] ?? null,
      mainLanguage: settings.mainLanguage,
      enabled: enabledLanguages(settings),
    });
    const boot: BootData = { merchant, settings: found, error: error ? errorBody(error.code, error.details) : null };
    // Only where the switcher answers does the page ask for it: elsewhere its 404 would be an error in the console.
    if (brandSwitcherOn(deps.development, request.host)) boot.brandSwitcher = true;
    const page = (body: string, head: string[], title?: string, queries?: readonly JsonPart[]) =>
      fillTemplate(built, { merchant, settings, lang, boot, queries, body, head, title });
    if (!renderer) return sendHtml(reply, 200, page('', messagesPreload(built, lang)));

    const url = request.url;
    const origin = originOf(request.protocol, request.host);
    // Per host as well: a brand reached by two hosts names each one in its own pages' addresses.
    const key = pages.key(merchant ? `${merchant.id}@${origin}` : `host:${origin}`, lang, url);
    const kept = pages.get(key);
    const now = app.clock.now().getTime();
    // A clock moved backwards (tests do) makes a kept page stale rather than fresh for ever.
    const fresh = kept && now >= kept.checkedAt && now - kept.checkedAt < PAGE_FRESH_MS;
    deps.pageCacheCounted?.(fresh ? 'hit' : 'miss');
    if (kept && fresh) {
      upgrade(key, kept, request);
      return sendKept(request, reply, kept);
    }

    const drawnFrom: AnswerLog = [];
    const load = await renderer.loadPage({
      url,
      status,
      merchant,
      settings,
      lang,
      origin,
      fetch: inProcessFetch(app, merchant?.id ?? null, answers, drawnFrom),
      jsonOf: scriptJsonOf,
    });
    // The customer's own pages (basket, profile, login) are nobody else's business: not listed.
    if (load.kind === 'client') return sendHtml(reply, 200, page('', [...messagesPreload(built, lang), NOINDEX]));
    const version = `${answersVersion(drawnFrom)}:${hashOf({ merchant, found, status })}`;
    if (kept && kept.dataVersion === version) {
      kept.checkedAt = now;
      upgrade(key, kept, request);
      return sendKept(request, reply, kept);
    }
    boot.lang = lang;
    const seo = seoTags({ meta: load.meta, origin, url, lang, settings, siteName: pickText(settings.title, lang) || merchant?.name || '' });
    const raw = pageBytesOf(page(await load.html(), [...headFor(built, lang, load), ...seo], load.meta.title, load.queries));
    const rendered = await cachedPage(load.status, raw, version, now, 'quick', encodingOf(request));
    // A page some of whose data failed is sent as it is, and rendered again for the next visitor.
    if (load.complete) pages.set(key, rendered);
    return sendKept(request, reply, rendered, raw);
  }

  app.get('/', { schema: { hide: true } }, sendPage);
  registerWebApp(app, deps);

  // The version of the page this process serves, not of whatever was built in the folder since: a page polling it
  // (docs/spec-index.md section 4, "Version") is told of a newer build by the servers of that build.
  app.get('/version.json', { schema: { hide: true } }, async (_request, reply) => {
    const version = (await indexHtml())?.version;
    if (!version) return reply.status(404).send(errorBody('NOT_FOUND', { path: '/version.json' }));
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(version);
  });

  /** robots.txt and sitemap.xml of the brand this host belongs to (seo.ts). */
  async function brandOf(request: FastifyRequest) {
    const { merchant: record } = await deps.resolver.tryResolve(request);
    if (!record || !record.isActive) return null;
    const settings = (await deps.merchants.settings(record, 'WEB').catch(() => null)) ?? {
      ...defaultMerchantSettings(),
      mainColor: record.color,
    };
    return { record, settings, origin: originOf(request.protocol, request.host) };
  }
  const textFile = (reply: FastifyReply, type: string, body: string) =>
    reply.header('cache-control', 'public, max-age=3600').header('vary', 'Host').type(type).send(body);

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brandOf(request);
    return textFile(
      reply,
      'text/plain; charset=utf-8',
      robotsTxt(brand?.origin ?? originOf(request.protocol, request.host), Boolean(brand)),
    );
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brandOf(request);
    if (!brand) return reply.status(404).send(errorBody('NOT_FOUND', { path: '/sitemap.xml' }));
    // The menu exactly as the storefront shows it to a guest: the API's own answer, in process.
    const res = await inProcessFetch(app, brand.record.id)('/api/products/v1/overalls?type=WEB', { method: 'GET' });
    const menu = res.ok ? ((await res.json()) as { products: { id: string }[] }) : { products: [] };
    const paths = sitemapPaths(
      brand.settings,
      menu.products.map((p) => p.id),
    );
    return textFile(reply, 'application/xml; charset=utf-8', sitemapXml({ origin: brand.origin, settings: brand.settings, paths }));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A path that exists with other methods: 405 and what it takes, in the error format.
    const allowed = methodsAllowed(app, path);
    if (allowed.length && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(errorBody('METHOD_NOT_ALLOWED', { method: request.method, allowed }));
    }
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/media/')) {
      return reply.status(404).send(errorBody('NOT_FOUND', { path }));
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || ASSET_LIKE.test(path)) {
      return reply.status(404).send(errorBody('NOT_FOUND', { path }));
    }
    return sendPage(request, reply);
  });
}
