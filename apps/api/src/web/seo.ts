import type { PageMeta } from '@dasturxon/client/render-contract';
import { enabledLanguages, htmlLangOf, LANG_PARAM, type MerchantSettings, type UiLanguage } from '@dasturxon/domain';

/*
 * What search engines and link previews read, per brand host: the tags of a rendered page's head (title,
 * description, canonical address, hreflang alternates, Open Graph, Twitter card, JSON-LD), robots.txt and
 * sitemap.xml. The renderer says what a page is about (apps/web/src/app/page-meta.ts); this writes it down.
 */

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON text that can sit inside a <script> element without closing it: one pass over a page's data of a few hundred kilobytes. */
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };
export const scriptSafe = (json: string): string => json.replace(/[<>&]/g, (c) => SCRIPT_ESCAPES[c]!);
/** A value as JSON that can sit inside a <script> element. */
export const safeJson = (value: unknown): string => scriptSafe(JSON.stringify(value));

/** `https://tezkor.dasturxon.uz` for this request: the brand's own host, never another's. */
export function originOf(protocol: string, host: string): string {
  return `${protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/** Query parameters that never make a page of their own (campaign tags, the local brand switch, the language). */
const NOT_A_PAGE = new Set([
  'vendor',
  LANG_PARAM,
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'fbclid',
  'gclid',
  'yclid',
]);

/** The page's address without what does not change what it shows; a product opened over the menu is the product's page. */
export function pagePath(url: string): string {
  const [path = '/', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  const product = params.get('product');
  if (product && /^[0-9a-f-]{36}$/i.test(product)) return `/product/${product.toLowerCase()}`;
  const kept = [...params].filter(([key]) => !NOT_A_PAGE.has(key) && key !== 'view');
  return kept.length ? `${path}?${new URLSearchParams(kept).toString()}` : path;
}

/** The address of a page in a language: the brand's main language needs no parameter. */
export function languageUrl(origin: string, path: string, lang: UiLanguage, main: UiLanguage): string {
  if (lang === main) return `${origin}${path}`;
  return `${origin}${path}${path.includes('?') ? '&' : '?'}${LANG_PARAM}=${lang}`;
}

/** The languages a brand's pages exist in, its main language first. */
export function pageLanguages(settings: MerchantSettings): { main: UiLanguage; all: UiLanguage[] } {
  const all = settings.forcedLanguage ? [settings.forcedLanguage] : enabledLanguages(settings);
  const main = settings.forcedLanguage ?? (all.includes(settings.mainLanguage) ? settings.mainLanguage : (all[0] ?? settings.mainLanguage));
  return { main, all: [main, ...all.filter((l) => l !== main)] };
}

const ogLocale = (lang: UiLanguage) => htmlLangOf(lang).replace('-', '_');

/** The head of a rendered page: everything but the title, which replaces the template's own. */
export function seoTags(input: {
  meta: PageMeta;
  origin: string;
  url: string;
  lang: UiLanguage;
  settings: MerchantSettings;
  siteName: string;
}): string[] {
  const { meta, origin, url, lang, settings, siteName } = input;
  const path = pagePath(url);
  const { main, all } = pageLanguages(settings);
  const canonical = languageUrl(origin, path, lang, main);
  const tags = [`<meta name="description" content="${escapeHtml(meta.description)}" />`];
  if (meta.noindex) {
    tags.push('<meta name="robots" content="noindex" />');
  } else {
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
    if (all.length > 1) {
      for (const l of all)
        tags.push(`<link rel="alternate" hreflang="${htmlLangOf(l)}" href="${escapeHtml(languageUrl(origin, path, l, main))}" />`);
      tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${origin}${path}`)}" />`);
    }
  }
  const og: [string, string | null][] = [
    ['og:type', meta.type === 'product' ? 'product' : 'website'],
    ['og:site_name', siteName],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', canonical],
    ['og:locale', ogLocale(lang)],
    ['og:image', meta.image],
  ];
  for (const [property, content] of og) if (content) tags.push(`<meta property="${property}" content="${escapeHtml(content)}" />`);
  for (const l of all) if (l !== lang) tags.push(`<meta property="og:locale:alternate" content="${ogLocale(l)}" />`);
  const twitter: [string, string | null][] = [
    ['twitter:card', meta.image && meta.type === 'product' ? 'summary_large_image' : 'summary'],
    ['twitter:title', meta.title],
    ['twitter:description', meta.description],
    ['twitter:image', meta.image],
  ];
  for (const [name, content] of twitter) if (content) tags.push(`<meta name="${name}" content="${escapeHtml(content)}" />`);
  for (const data of meta.jsonLd) tags.push(`<script type="application/ld+json">${safeJson(data)}</script>`);
  return tags;
}

/** The pages of the customer's own, never worth listing. */
const PRIVATE_PATHS = ['/basket', '/checkout', '/login', '/profile', '/choose-address', '/address', '/api/', '/search'];

/** robots.txt of a brand host; a host without an open storefront asks not to be crawled at all. */
export function robotsTxt(origin: string, open: boolean): string {
  if (!open) return 'User-agent: *\nDisallow: /\n';
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** sitemap.xml of a brand host: its pages and products, each with its addresses in the brand's languages. */
export function sitemapXml(input: { origin: string; settings: MerchantSettings; paths: string[]; lastModified?: Date | null }): string {
  const { origin, settings, paths, lastModified } = input;
  const { main, all } = pageLanguages(settings);
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  const entries = paths.map((path) => {
    const alternates =
      all.length > 1
        ? [
            ...all.map(
              (l) => `<xhtml:link rel="alternate" hreflang="${htmlLangOf(l)}" href="${xml(languageUrl(origin, path, l, main))}"/>`,
            ),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(`${origin}${path}`)}"/>`,
          ].join('')
        : '';
    return `<url><loc>${xml(`${origin}${path}`)}</loc>${lastmod}${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** The pages a brand's sitemap lists: the menu, the pages it has switched on, and every product of its menu. */
export function sitemapPaths(settings: MerchantSettings, productIds: readonly string[]): string[] {
  return [
    '/',
    ...(settings.branchesActive ? ['/branches'] : []),
    ...(settings.aboutMerchantActive ? ['/about'] : []),
    ...(settings.termsOfUseActive ? ['/offerta'] : []),
    ...(settings.privacyActive ? ['/privacy'] : []),
    ...productIds.map((id) => `/product/${id}`),
  ];
}
