import { analyticsCspSources, mapsCspSources, type AnalyticsSettings, type MapSettings } from '@dasturxon/domain';

/*
 * The Content Security Policy (issue 31). Every answer gets the base policy from helmet (app.ts); a storefront page
 * gets it again with the origins of the brand's own analytics and CRM tools added (packages/domain analytics.ts):
 * exactly the tools whose flag and id the brand has, and nothing for a brand with none; and Yandex Maps' origins for a
 * brand whose maps are Yandex's (mapType YANDEX with a key, packages/domain maps.ts), nothing for others. The staff
 * console, the API and every other answer keep the base policy.
 */

/** The base directives, as helmet takes them. */
export const BASE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // Telegram's own telegram-web-app.js, which the storefront asks for only inside Telegram (docs/decisions/019).
  scriptSrc: ["'self'", 'https://telegram.org'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Map tiles come from a configurable tile server; pictures may be full https addresses.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // helmet's own defaults, named so the storefront's policy keeps them too.
  formAction: ["'self'"],
  scriptSrcAttr: ["'none'"],
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The header's text for a storefront page of a brand with these settings (null: none resolved, the base policy). */
export function storefrontCsp(settings: (AnalyticsSettings & MapSettings) | null): string {
  const tools = analyticsCspSources(settings);
  const maps = mapsCspSources(settings);
  const unique = (...lists: string[][]) => [...new Set(lists.flat())];
  const extra = {
    script: unique(tools.script, maps.script),
    connect: unique(tools.connect, maps.connect),
    frame: unique(tools.frame, maps.frame),
  };
  const directives: Record<string, readonly string[]> = {
    ...BASE_CSP_DIRECTIVES,
    scriptSrc: [...BASE_CSP_DIRECTIVES.scriptSrc, ...extra.script],
    connectSrc: [...BASE_CSP_DIRECTIVES.connectSrc, ...extra.connect],
  };
  if (extra.frame.length > 0) directives.frameSrc = ["'self'", ...extra.frame];
  return Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join(';');
}
