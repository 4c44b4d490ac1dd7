/** An address outside the storefront that may be opened: http(s) only, never `javascript:` or `data:`. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A `tel:` link for a phone as merchants type it (`+998 90 123-45-67`, `998901234567`). */
export function phoneHref(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 5 ? `tel:+${digits}` : null;
}

const SOCIAL_HOSTS = {
  telegram: 'https://t.me/',
  instagram: 'https://instagram.com/',
  facebook: 'https://facebook.com/',
} as const;

/** A social profile as a link: a full address is kept, a handle (`@tezkor`, `tezkor`) becomes the network's address. */
export function socialHref(network: keyof typeof SOCIAL_HOSTS, value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return safeExternalUrl(v);
  if (/^(www\.)?[\w-]+\.[a-z]{2,}\//i.test(v)) return safeExternalUrl(`https://${v}`);
  const handle = v.replace(/^@/, '');
  return /^[\w.]{1,64}$/.test(handle) ? `${SOCIAL_HOSTS[network]}${handle}` : null;
}

/**
 * The address of a link that leaves the storefront (spec section 8, "leaving the app"): an http(s) address of another
 * origin than `origin`, to be confirmed before it opens. Null for the storefront's own pages, `tel:` and `mailto:`
 * (they open the phone's own app) and anything that is not a web address (script-protocol addresses are never links
 * here: `safeExternalUrl` refuses them).
 */
export function outsideLink(href: string | null | undefined, origin: string): URL | null {
  const safe = safeExternalUrl(href);
  if (!safe) return null;
  const url = new URL(safe);
  return url.origin === origin ? null : url;
}
