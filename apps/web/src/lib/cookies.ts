/** Cookie names and values of a `document.cookie` string, decoded. */
export function parseCookies(cookieString: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name) continue;
    const raw = part.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A value another script wrote without encoding: keep it as it is.
    }
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

export function readCookie(name: string): string | null {
  return parseCookies(document.cookie).get(name) ?? null;
}

export function writeCookie(name: string, value: string, days = 365): void {
  const maxAge = Math.round(days * 86_400);
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

/** The domains a cookie of this host may have been written for: the host and each parent (`a.b.uz`, `.b.uz`). */
export function cookieDomainsOf(hostname: string): string[] {
  const labels = hostname.split('.');
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(`.${labels.slice(i).join('.')}`);
  return out;
}

/** Spec section 8: a merchant that cannot be loaded clears every cookie the page can reach. */
export function clearAllCookies(): void {
  const expire = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0';
  const domains = ['', ...cookieDomainsOf(location.hostname).map((d) => `; domain=${d}`)];
  const segments = location.pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  for (const name of parseCookies(document.cookie).keys()) {
    for (const domain of domains) for (const path of paths) document.cookie = `${name}=; ${expire}; path=${path}${domain}`;
  }
}
