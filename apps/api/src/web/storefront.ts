import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BANNER_PICTURE,
  enabledLanguages,
  errorBody,
  faviconUrl,
  hostnameOf,
  isDevHost,
  LANG_COOKIE,
  pickText,
  pictureSources,
  resolveLanguage,
  VENDOR_COOKIE,
  type Banner,
  type MerchantSettings,
  type UiLanguage,
} from '@dasturxon/domain';
import type { TenantResolver } from '../plugins/tenant.ts';
import { mediaRoutes } from '../features/media/media.routes.ts';
import { createMediaService } from '../features/media/media.service.ts';
import type { ContentService } from '../features/content/content.service.ts';
import type { MerchantsService } from '../features/merchants/merchants.service.ts';
import { toMerchant } from '../features/merchants/merchants.service.ts';

/** Paths that name a file: a miss answers 404, never the page (a stale hashed asset must not come back as HTML). */
const ASSET_LIKE = /\.[a-z0-9]{1,8}$/i;
const YEAR_SECONDS = 31_536_000;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON that can sit inside a <script> element without closing it. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

interface Deps {
  webDist: string;
  mediaDir: string;
  /** Where resized pictures are kept. */
  mediaCacheDir: string;
  resolver: TenantResolver;
  merchants: MerchantsService;
  content: ContentService;
}

/** The built page and what the build's manifest says of it (the hashed file of each interface language). */
interface Template {
  mtimeMs: number;
  html: string;
  localeUrls: Partial<Record<UiLanguage, string>>;
}

/** `dist/.vite/manifest.json` → `{ ru: '/assets/ru-DeF9hAo6.json', … }`; empty when there is no manifest. */
async function readLocaleUrls(webDist: string): Promise<Template['localeUrls']> {
  try {
    const manifest = JSON.parse(await readFile(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, { file?: string }>;
    const urls: Template['localeUrls'] = {};
    for (const [source, entry] of Object.entries(manifest)) {
      const lang = /\/locales\/([a-z]+)\.json$/.exec(source)?.[1];
      if (lang && entry.file) urls[lang as UiLanguage] = `/${entry.file}`;
    }
    return urls;
  } catch {
    return {};
  }
}

/**
 * Serves the built storefront. The page is sent with the brand's merchant and settings inlined,
 * so a phone on a slow network paints the brand without two more round trips.
 */
/** The first banner as the carousel shows it (same addresses and sizes), fetched first. */
function bannerPreload(banner: Banner): string {
  const { src, srcSet } = pictureSources(banner.image, BANNER_PICTURE, true);
  const set = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(BANNER_PICTURE.sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${set} fetchpriority="high" />`;
}

export async function registerStorefront(app: FastifyInstance, deps: Deps): Promise<void> {
  const indexPath = join(deps.webDist, 'index.html');
  let template: Template | null = null;

  async function indexHtml(): Promise<Template | null> {
    try {
      const s = await stat(indexPath);
      if (!template || template.mtimeMs !== s.mtimeMs) {
        template = { mtimeMs: s.mtimeMs, html: await readFile(indexPath, 'utf8'), localeUrls: await readLocaleUrls(deps.webDist) };
      }
      return template;
    } catch {
      return null;
    }
  }

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
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
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
    const { merchant, error } = await deps.resolver.tryResolve(request);
    let settings: MerchantSettings | null = null;
    if (merchant) settings = await deps.merchants.settings(merchant, 'WEB').catch(() => null);

    // The home page's first screen comes with the page: its banners and stories, and a preload of
    // the first banner picture, so the largest picture is found by the HTML parser, not after the code runs.
    const home = (request.url.split('?')[0] ?? '/') === '/';
    const [banners, stories] =
      home && merchant?.isActive && settings
        ? await Promise.all([
            settings.bannersActive ? deps.content.banners(merchant.id).catch(() => null) : null,
            settings.storiesActive ? deps.content.stories(merchant.id).catch(() => null) : null,
          ])
        : [null, null];
    const boot: Record<string, unknown> = {
      merchant: merchant ? toMerchant(merchant) : null,
      settings,
      error: error ? errorBody(error.code, error.details) : null,
    };
    if (banners) boot.banners = banners;
    if (stories) boot.stories = stories;

    const head: string[] = [];
    const lang = settings
      ? resolveLanguage({
          forcedLanguage: settings.forcedLanguage,
          chosen: request.cookies?.[LANG_COOKIE] ?? null,
          mainLanguage: settings.mainLanguage,
          enabled: enabledLanguages(settings),
        })
      : 'ru';
    const messages = built.localeUrls[lang];
    // The translations are fetched by the code before the first paint: start them with the page.
    if (messages) head.push(`<link rel="preload" href="${escapeHtml(messages)}" as="fetch" crossorigin />`);
    const firstBanner = banners?.[0];
    if (firstBanner?.image) head.push(bannerPreload(firstBanner));
    head.push(`<script id="dx-boot" type="application/json">${safeJson(boot)}</script>`);

    let page = built.html;
    if (merchant) {
      const title = pickText(settings?.title, settings?.mainLanguage ?? 'ru') || merchant.name;
      page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
      const color = settings?.mainColor || merchant.color;
      page = page.replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, `<meta name="theme-color" content="${escapeHtml(color)}" />`);
      const favicon = faviconUrl(settings, merchant.logo);
      // The brand's icon instead of the default one: the tab asks for one icon, once.
      if (favicon) page = page.replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${escapeHtml(favicon)}" type="image/png" />`);
    }
    page = page.replace('</head>', `${head.join('')}</head>`);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  }

  app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/media/')) {
      return reply.status(404).send(errorBody('NOT_FOUND', { path }));
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || ASSET_LIKE.test(path)) {
      return reply.status(404).send(errorBody('NOT_FOUND', { path }));
    }
    return sendPage(request, reply);
  });

  // Pictures go through the resizing image service (features/media), never as raw files.
  await app.register(mediaRoutes, { service: createMediaService({ root: deps.mediaDir, cacheDir: deps.mediaCacheDir, log: app.log }) });
}
