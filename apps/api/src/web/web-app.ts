import type { FastifyInstance } from 'fastify';
import {
  enabledLanguages,
  errorBody,
  htmlLangOf,
  imageUrl,
  isRtl,
  pickText,
  resolveLanguage,
  LANG_COOKIE,
  themeOf,
  type MerchantSettings,
} from '@dasturxon/domain';
import { defaultMerchantSettings } from '@dasturxon/domain/contracts';
import type { TenantResolver } from '../plugins/tenant.ts';
import type { MerchantsService } from '../features/merchants/index.ts';

/** The page's backdrop in each theme (apps/web/src/index.css `--bg`): the splash screen of the installed app. */
const BACKGROUND = { light: '#f4f4f1', dark: '#0d0e11' } as const;

/** The web app manifest of one brand (docs/decisions/018-offline-app.md): its name, colours and icon, from its settings. */
export function webManifest(
  merchant: { name: string; logo?: string | null },
  settings: MerchantSettings,
  lang: ReturnType<typeof resolveLanguage>,
): Record<string, unknown> {
  const theme = themeOf(settings);
  const name = pickText(settings.title, lang) || merchant.name;
  const key = (settings as { logo?: string | null }).logo || merchant.logo || null;
  const icons = key
    ? [192, 512].map((side) => ({
        src: imageUrl(key, { width: side, height: side, format: 'png' }),
        sizes: `${side}x${side}`,
        type: 'image/png',
        purpose: 'any',
      }))
    : [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }];
  return {
    id: '/',
    name,
    short_name: merchant.name.length <= 12 ? merchant.name : name.slice(0, 12),
    lang: htmlLangOf(lang),
    dir: isRtl(lang) ? 'rtl' : 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: theme.dark ? BACKGROUND.dark : BACKGROUND.light,
    theme_color: theme.brand,
    icons,
  };
}

/**
 * `GET /manifest.webmanifest`: the installable app of the brand this host belongs to (each brand has its host, so
 * its own app); 404 for a host of no active brand. The page links it (apps/web/index.html).
 */
export function registerWebApp(app: FastifyInstance, deps: { resolver: TenantResolver; merchants: MerchantsService }): void {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const { merchant } = await deps.resolver.tryResolve(request);
    if (!merchant || !merchant.isActive) return reply.status(404).send(errorBody('NOT_FOUND', { path: '/manifest.webmanifest' }));
    const settings = (await deps.merchants.settings(merchant, 'WEB').catch(() => null)) ?? {
      ...defaultMerchantSettings(),
      mainColor: merchant.color,
    };
    const lang = resolveLanguage({
      forcedLanguage: settings.forcedLanguage,
      chosen: request.cookies?.[LANG_COOKIE] ?? null,
      mainLanguage: settings.mainLanguage,
      enabled: enabledLanguages(settings),
    });
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Host, Cookie')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest(merchant, settings, lang)));
  });
}
