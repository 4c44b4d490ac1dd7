import type { PageMeta } from '@dasturxon/client/render-contract';
import {
  BANNER_PICTURE,
  imageUrl,
  pickText,
  PRODUCT_PICTURE,
  type Banner,
  type Branch,
  type Merchant,
  type MerchantSettings,
  type Overalls,
  type Product,
  type UiLanguage,
  type WorkDay,
} from '@dasturxon/domain';

/*
 * What search engines and link previews read of a page the server renders: its title and description, the
 * picture of a preview, schema.org data (JSON-LD), and the picture its first screen shows largest. Computed by the renderer (entry-server.tsx) from the
 * data the page was drawn from; the server writes the tags (apps/api/src/web/seo.ts).
 */

export interface MetaInput {
  /** The route pattern rendered (`/`, `/product/:id`, …), or null for a status page or a 404. */
  route: string | null;
  merchant: Merchant | null;
  settings: MerchantSettings;
  lang: UiLanguage;
  /** `https://brand.example.uz`: where the page's own addresses point. */
  origin: string;
  t: (key: string, values?: Record<string, string | number>) => string;
  menu: Overalls | null;
  product: Product | null;
  branches: Branch[] | null;
  banners?: readonly Banner[] | null;
}

const DESCRIPTION_MAX = 160;
const DAY_NAMES: Record<WorkDay['weekName'], string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

/** One line, at most 160 characters, cut at a word. */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}

const absolute = (origin: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`);
/** A preview picture: large enough for a link preview's card. */
const picture = (origin: string, key: string | null | undefined) =>
  key ? absolute(origin, imageUrl(key, { width: 1200, height: 1200, format: 'jpeg' })) : null;

function offer(product: Product, origin: string) {
  return {
    '@type': 'Offer',
    price: product.price,
    priceCurrency: 'UZS',
    availability: product.isAvailable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url: `${origin}/product/${product.id}`,
  };
}

/** The pick-up hours of a branch, a line a day (two when the day has a break). */
function openingHours(branch: Branch) {
  const hours = branch.workHours.find((h) => h.type === 'PICK_UP') ?? branch.workHours[0];
  if (!hours) return [];
  return hours.days
    .filter((d) => !d.isDayOff)
    .flatMap((d) => [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: DAY_NAMES[d.weekName], opens: d.open, closes: d.close },
      ...(d.extraOpen && d.extraClose
        ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: DAY_NAMES[d.weekName], opens: d.extraOpen, closes: d.extraClose }]
        : []),
    ]);
}

/** The brand as a restaurant, each active branch with its address, phone and hours. */
export function restaurantLd(input: MetaInput): Record<string, unknown> {
  const { merchant, origin, lang, branches } = input;
  const name = merchant?.name ?? '';
  const logo = picture(origin, merchant?.logo);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name,
    url: `${origin}/`,
    ...(logo ? { logo, image: logo } : {}),
    hasMenu: `${origin}/`,
    acceptsReservations: false,
    ...(branches?.length
      ? {
          department: branches
            .filter((b) => b.isActive)
            .map((b) => ({
              '@type': 'Restaurant',
              name: `${name} — ${pickText(b.name, lang)}`,
              address: { '@type': 'PostalAddress', streetAddress: b.address, addressCountry: 'UZ' },
              ...(b.phone ? { telephone: b.phone } : {}),
              geo: { '@type': 'GeoCoordinates', latitude: b.latitude, longitude: b.longitude },
              openingHoursSpecification: openingHours(b),
            })),
        }
      : {}),
  };
}

/** Dishes listed in the menu's JSON-LD: a very long menu is listed in part (the sitemap names every product's page). */
const MENU_LD_ITEMS = 200;

/** The menu: a section a category, each dish with its price in so'm. */
export function menuLd(input: MetaInput, menu: Overalls): Record<string, unknown> {
  const { lang, origin, merchant } = input;
  const listed = new Set(menu.products.slice(0, MENU_LD_ITEMS).map((p) => p.id));
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: merchant?.name ?? '',
    url: `${origin}/`,
    inLanguage: lang,
    hasMenuSection: menu.categories
      .map((c) => ({
        '@type': 'MenuSection',
        name: pickText(c.name, lang),
        hasMenuItem: menu.products
          .filter((p) => p.categoryId === c.id && listed.has(p.id))
          .map((p) => {
            const description = pickText(p.description, lang);
            const image = picture(origin, p.image);
            return {
              '@type': 'MenuItem',
              name: pickText(p.name, lang),
              ...(description ? { description: shortText(description, 300) } : {}),
              ...(image ? { image } : {}),
              url: `${origin}/product/${p.id}`,
              offers: offer(p, origin),
            };
          }),
      }))
      .filter((s) => s.hasMenuItem.length > 0),
  };
}

export function productLd(input: MetaInput, product: Product): Record<string, unknown> {
  const { lang, origin, merchant } = input;
  const description = pickText(product.description, lang);
  const image = picture(origin, product.image);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: pickText(product.name, lang),
    ...(description ? { description } : {}),
    ...(image ? { image } : {}),
    sku: product.id,
    url: `${origin}/product/${product.id}`,
    brand: { '@type': 'Brand', name: merchant?.name ?? '' },
    offers: offer(product, origin),
  };
}

/** Title, description, preview and schema.org data of one rendered page. */
export function pageMeta(input: MetaInput): PageMeta {
  const { route, merchant, settings, lang, origin, t, menu, product, branches } = input;
  const brand = merchant?.name ?? '';
  const site = pickText(settings.title, lang) || brand;
  const titled = (part: string) => (part ? `${part} — ${site}` : site);
  const logo = picture(origin, merchant?.logo);
  const dishes = (menu?.categories ?? [])
    .slice(0, 6)
    .map((c) => pickText(c.name, lang))
    .filter(Boolean)
    .join(', ');
  const homeDescription = shortText(t('seo.home', { brand, dishes }));
  const base: PageMeta = {
    title: site,
    description: homeDescription,
    image: logo,
    type: 'website',
    noindex: false,
    jsonLd: [],
    firstPicture: null,
  };
  if (!merchant || route === null) return { ...base, noindex: true };

  switch (route) {
    case '/': {
      const banner = input.banners?.[0]?.image;
      return {
        ...base,
        jsonLd: [restaurantLd(input), ...(menu ? [menuLd(input, menu)] : [])],
        firstPicture: banner ? { key: banner, box: BANNER_PICTURE } : null,
      };
    }
    case '/category':
      return { ...base, title: titled(t('seo.menu')), jsonLd: menu ? [menuLd(input, menu)] : [] };
    case '/search':
      return { ...base, title: titled(t('seo.search')), noindex: true };
    case '/product/:id': {
      if (!product) return { ...base, noindex: true };
      const name = pickText(product.name, lang);
      const description = pickText(product.description, lang) || t('seo.product', { name, brand });
      return {
        ...base,
        title: titled(name),
        description: shortText(description),
        image: picture(origin, product.image) ?? logo,
        type: 'product',
        jsonLd: [productLd(input, product)],
        firstPicture: product.image ? { key: product.image, box: PRODUCT_PICTURE } : null,
      };
    }
    case '/branches':
      return {
        ...base,
        title: titled(t('nav.branches')),
        description: shortText(t('seo.branches', { brand })),
        jsonLd: [restaurantLd({ ...input, branches })],
      };
    case '/about':
      return { ...base, title: titled(t('info.about')) };
    case '/offerta':
      return { ...base, title: titled(t('info.terms')) };
    case '/privacy':
      return { ...base, title: titled(t('info.privacy')) };
    default:
      return base;
  }
}
