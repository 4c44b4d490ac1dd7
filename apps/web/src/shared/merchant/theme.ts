import { faviconUrl, imageUrl, pickText, type Merchant, type MerchantSettings, type Theme, type UiLanguage } from '@dasturxon/domain';

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.style.setProperty('--brand', theme.brand);
  root.style.setProperty('--on-brand', theme.onBrand);
  root.classList.toggle('dark', theme.dark);
  root.style.colorScheme = theme.dark ? 'dark' : 'light';
  // The browser bar wears the brand colour, as the server already painted it before any script ran.
  setMeta('theme-color', theme.brand);
}

/** The tab title: the settings' title in the current language, else the merchant's name. */
export function documentTitle(
  settings: Pick<MerchantSettings, 'title'>,
  merchant: Pick<Merchant, 'name'> | null,
  lang: UiLanguage,
): string {
  return pickText(settings.title, lang).trim() || merchant?.name || '';
}

/** The logo key of the settings, else the merchant's. */
export function logoSrc(settings: Pick<MerchantSettings, 'logo'>, merchant: Pick<Merchant, 'logo'> | null): string | null {
  const key = settings.logo || merchant?.logo;
  return key ? imageUrl(key, { width: 96, height: 96 }) : null;
}

export function applyHead(settings: MerchantSettings, merchant: Merchant | null, lang: UiLanguage): void {
  const title = documentTitle(settings, merchant, lang);
  if (title) document.title = title;
  const favicon = faviconUrl(settings, merchant?.logo);
  if (favicon) setFavicon(favicon);
}

/** One icon link with the settings' favicon; the server may already have put it there. */
function setFavicon(href: string): void {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')];
  const keep = links.find((l) => l.getAttribute('href') === href) ?? links[0] ?? document.head.appendChild(document.createElement('link'));
  keep.rel = 'icon';
  if (keep.getAttribute('href') !== href) {
    keep.removeAttribute('type');
    keep.href = href;
  }
  for (const other of links) if (other !== keep) other.remove();
}

function setMeta(name: string, content: string): void {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}
