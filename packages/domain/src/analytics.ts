/*
 * The brand's analytics and CRM tools (issue 31, docs/storefront-features.md "Analytics and CRM"): which of them a
 * brand has on (its settings flag and id), where each one's script comes from, and the origins the Content Security
 * Policy lets in for it. The server's per-brand CSP and the storefront's loader both read this list, so a tool is
 * loaded exactly where the policy allows it and the policy allows nothing for a brand that enables none.
 */

export type AnalyticsTool = 'yandexMetrica' | 'metaPixel' | 'googleTagManager' | 'amoCRM';

export interface AnalyticsSettings {
  yandexMetricsEnabled?: boolean | null;
  yandexMetricsId?: string | null;
  metaPixelActive?: boolean | null;
  metaPixelId?: string | null;
  googleTagManagerActive?: boolean | null;
  googleTagManagerId?: string | null;
  amoCRMActive?: boolean | null;
  amoCRMId?: string | null;
  amoCRMHash?: string | null;
}

/** One tool a brand has on, with its ids. */
export type AnalyticsTag =
  | { tool: 'yandexMetrica'; id: string }
  | { tool: 'metaPixel'; id: string }
  | { tool: 'googleTagManager'; id: string }
  | { tool: 'amoCRM'; id: string; hash: string };

/** Where each tool's script is loaded from. */
export const ANALYTICS_SCRIPT: Record<AnalyticsTool, (id: string) => string> = {
  yandexMetrica: () => 'https://mc.yandex.ru/metrika/tag.js',
  metaPixel: () => 'https://connect.facebook.net/en_US/fbevents.js',
  googleTagManager: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
  amoCRM: () => 'https://gso.amocrm.ru/js/button.js',
};

/** The origins each tool needs, by CSP directive: its script, the calls and pictures it sends, its frames. */
export const ANALYTICS_CSP: Record<AnalyticsTool, { script: string[]; connect: string[]; frame: string[] }> = {
  yandexMetrica: { script: ['https://mc.yandex.ru'], connect: ['https://mc.yandex.ru', 'https://mc.yandex.com'], frame: [] },
  metaPixel: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], frame: [] },
  googleTagManager: {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://region1.google-analytics.com'],
    frame: ['https://www.googletagmanager.com'],
  },
  amoCRM: {
    script: ['https://gso.amocrm.ru'],
    connect: ['https://gso.amocrm.ru', 'wss://gso.amocrm.ru'],
    frame: ['https://gso.amocrm.ru'],
  },
};

const idOf = (value: string | null | undefined) =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value.trim()) ? value.trim() : null;

/** The tools a brand has on: its flag set and a well-formed id (a flag without an id loads nothing). */
export function analyticsTags(settings: AnalyticsSettings | null | undefined): AnalyticsTag[] {
  if (!settings) return [];
  const tags: AnalyticsTag[] = [];
  const ym = idOf(settings.yandexMetricsId);
  if (settings.yandexMetricsEnabled && ym) tags.push({ tool: 'yandexMetrica', id: ym });
  const pixel = idOf(settings.metaPixelId);
  if (settings.metaPixelActive && pixel) tags.push({ tool: 'metaPixel', id: pixel });
  const gtm = idOf(settings.googleTagManagerId);
  if (settings.googleTagManagerActive && gtm) tags.push({ tool: 'googleTagManager', id: gtm });
  const amo = idOf(settings.amoCRMId);
  const hash = idOf(settings.amoCRMHash);
  if (settings.amoCRMActive && amo && hash) tags.push({ tool: 'amoCRM', id: amo, hash });
  return tags;
}

/** The extra CSP sources of a brand's tools, by directive (empty lists for a brand with none). */
export function analyticsCspSources(settings: AnalyticsSettings | null | undefined): {
  script: string[];
  connect: string[];
  frame: string[];
} {
  const out = { script: [] as string[], connect: [] as string[], frame: [] as string[] };
  for (const tag of analyticsTags(settings)) {
    const csp = ANALYTICS_CSP[tag.tool];
    out.script.push(...csp.script);
    out.connect.push(...csp.connect);
    out.frame.push(...csp.frame);
  }
  return { script: [...new Set(out.script)], connect: [...new Set(out.connect)], frame: [...new Set(out.frame)] };
}
