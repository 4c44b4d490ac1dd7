import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, isDevHost, hostnameOf, imageUrl, pickText, VENDOR_COOKIE, type MerchantSettings } from '@dasturxon/domain';
import type { TenantResolver } from '../plugins/tenant.ts';
import { mediaRoutes } from '../features/media/media.routes.ts';
import { createMediaService } from '../features/media/media.service.ts';
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
}

/**
 * Serves the built storefront. The page is sent with the brand's merchant and settings inlined,
 * so a phone on a slow network paints the brand without two more round trips.
 */
export async function registerStorefront(app: FastifyInstance, deps: Deps): Promise<void> {
  const indexPath = join(deps.webDist, 'index.html');
  let template: { mtimeMs: number; html: string } | null = null;

  async function indexHtml(): Promise<string | null> {
    try {
      const s = await stat(indexPath);
      if (!template || template.mtimeMs !== s.mtimeMs) template = { mtimeMs: s.mtimeMs, html: await readFile(indexPath, 'utf8') };
      return template.html;
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
      // Hashed assets never change; the page and the version file always revalidate.
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
        else if (path.endsWith('version.json')) res.header('cache-control', 'no-store');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const html = await indexHtml();
    if (!html) {
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
    const boot = {
      merchant: merchant ? toMerchant(merchant) : null,
      settings,
      error: error ? errorBody(error.code, error.details) : null,
    };
    let page = html.replace('</head>', `<script id="dx-boot" type="application/json">${safeJson(boot)}</script></head>`);
    if (merchant) {
      const title = pickText(settings?.title, settings?.mainLanguage ?? 'ru') || merchant.name;
      page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
      const color = settings?.mainColor || merchant.color;
      page = page.replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, `<meta name="theme-color" content="${escapeHtml(color)}" />`);
      const favicon = settings?.favicon || settings?.logo || merchant.logo;
      if (favicon) page = page.replace('</head>', `<link rel="icon" href="${escapeHtml(imageUrl(favicon))}" /></head>`);
    }
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
