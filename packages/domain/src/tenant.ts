import type { Merchant } from './contracts/merchant.ts';
import type { ErrorBody } from './errors.ts';

/** Hosts on which the `vendor` query parameter (remembered in a cookie) names the brand. */
const DEV_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1'] as const;

export type TenantHint = { kind: 'sub'; sub: string } | { kind: 'domain'; domain: string } | { kind: 'none' };

const SUB_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Lower-cases a host and drops its port (`Burger.LOCALHOST:3000` → `burger.localhost`). */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end === -1 ? h : h.slice(0, end + 1);
  }
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

export const isDevHost = (hostname: string): boolean => (DEV_HOSTS as readonly string[]).includes(hostname);

/** localhost, 127.0.0.1 and `{sub}.localhost` (a `Host` header, port and all): the hosts a developer opens, never a customer. */
export function isDevelopmentHost(host: string): boolean {
  const hostname = hostnameOf(host);
  return isDevHost(hostname) || hostname.endsWith('.localhost');
}

export function isValidSub(sub: string): boolean {
  return SUB_PATTERN.test(sub);
}

/**
 * Says how a request's host names its brand, the same way on the server and in the browser:
 * `{sub}.{base domain}` → that sub; a development host → the `vendor` parameter or cookie, else the default brand;
 * any other host → a brand's own domain.
 */
export function tenantFromHost(input: {
  host: string;
  baseDomains: readonly string[];
  vendor?: string | null | undefined;
  /** The brand a development host shows when nothing names one (docs/spec-index.md section 1; the server's DEV_BRAND). */
  devBrand?: string | null | undefined;
}): TenantHint {
  const hostname = hostnameOf(input.host);
  const vendor = input.vendor?.trim().toLowerCase();
  if (!hostname) return { kind: 'none' };
  if (isDevHost(hostname)) {
    if (vendor && isValidSub(vendor)) return { kind: 'sub', sub: vendor };
    return input.devBrand && isValidSub(input.devBrand) ? { kind: 'sub', sub: input.devBrand } : { kind: 'none' };
  }
  const bases = [...input.baseDomains].map((b) => b.toLowerCase()).sort((a, b) => b.length - a.length);
  for (const base of bases) {
    if (hostname === base || hostname === `www.${base}`) return { kind: 'none' };
    if (hostname.endsWith(`.${base}`)) {
      const labels = hostname.slice(0, -(base.length + 1)).split('.');
      const sub = labels[labels.length - 1] ?? '';
      return isValidSub(sub) ? { kind: 'sub', sub } : { kind: 'none' };
    }
  }
  return { kind: 'domain', domain: hostname.replace(/^www\./, '') };
}

/**
 * The Strict-Transport-Security header of an answer: only over HTTPS, and only on our own domains (a base
 * domain and its brands' sub-domains), where we know every sub-domain speaks HTTPS. A brand's own domain is the
 * brand's to decide (no setting for it yet, so none), and a development host never gets one.
 */
export function hstsHeader(input: { host: string; baseDomains: readonly string[]; https: boolean }): string | null {
  if (!input.https) return null;
  const hostname = hostnameOf(input.host);
  if (!hostname || isDevelopmentHost(hostname)) return null;
  const own = input.baseDomains.some((base) => hostname === base.toLowerCase() || hostname.endsWith(`.${base.toLowerCase()}`));
  return own ? 'max-age=31536000; includeSubDomains' : null;
}

/** ready: the shop opens; blocked: an admin switched it off; unavailable: no merchant answers for this address. */
export type BootStatus = 'ready' | 'blocked' | 'unavailable';

/** Where a merchant that is not ready sends every visitor. */
export const STATUS_PATHS: Record<BootStatus, string> = { ready: '/', blocked: '/blocked', unavailable: '/merchantNotAvailable' };

/** The check-merchant decision (docs/spec-index.md sections 2 and 8). */
export function bootStatus(data: {
  merchant: Pick<Merchant, 'id' | 'isActive'> | null;
  error: Pick<ErrorBody, 'code'> | null;
}): BootStatus {
  if (data.error?.code === 'MERCHANT_BLOCKED') return 'blocked';
  const id = data.merchant?.id;
  if (typeof id !== 'string' || id.trim() === '') return 'unavailable';
  return data.merchant?.isActive === false ? 'blocked' : 'ready';
}

/**
 * Where another brand's storefront opens (its home page), as seen from the request's host, so a customer stays on the
 * same family of hosts: `{sub}.localhost:port` from a `*.localhost` host, `?vendor=` on localhost itself (one origin,
 * sessions kept apart by merchant id), `{sub}.{base}` from a host under a base domain (port kept), and from a brand's
 * own domain the sub-domain of the first base domain over HTTPS.
 */
export function brandAddress(input: { sub: string; host: string; baseDomains: readonly string[]; https: boolean }): string {
  const host = input.host.trim().toLowerCase();
  const hostname = hostnameOf(host);
  const port = host.length > hostname.length && host.charAt(hostname.length) === ':' ? host.slice(hostname.length) : '';
  const scheme = input.https ? 'https' : 'http';
  if (isDevHost(hostname)) return `${scheme}://${host}/?vendor=${encodeURIComponent(input.sub)}`;
  if (hostname.endsWith('.localhost')) return `${scheme}://${input.sub}.localhost${port}/`;
  const base = [...input.baseDomains]
    .map((b) => b.toLowerCase())
    .sort((a, b) => b.length - a.length)
    .find((b) => hostname === b || hostname.endsWith(`.${b}`));
  if (base) return `${scheme}://${input.sub}.${base}${port}/`;
  return `https://${input.sub}.${input.baseDomains[0] ?? 'localhost'}/`;
}
