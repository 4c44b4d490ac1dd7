/** Default picture size and quality of the image service (spec section 9). */
export const IMAGE_DEFAULTS = { width: 480, height: 480, quality: 100, format: 'webp' } as const;
export type ImageFormat = 'webp' | 'jpeg' | 'png' | 'avif';

/**
 * The address of a picture: a full https address is used as it is; a stored key
 * (`demo/tezkor/products/cheeseburger.svg`) goes through our resizing service under `/media/`.
 */
export function imageUrl(
  key: string | null | undefined,
  options: { width?: number; height?: number; quality?: number; format?: ImageFormat } = {},
): string {
  if (!key) return '/media/placeholder';
  if (/^https:\/\//i.test(key)) return key;
  const params: string[] = [];
  if (options.width) params.push(`w=${options.width}`);
  if (options.height) params.push(`h=${options.height}`);
  if (options.quality) params.push(`q=${options.quality}`);
  if (options.format) params.push(`f=${options.format}`);
  const qs = params.join('&');
  return `/media/${key.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

/** The widths a picture is asked for, relative to the largest CSS width it is shown at: 1x, 1.5x and 2x screens. */
const PICTURE_SCALES = [1, 1.5, 2] as const;
/**
 * The quality the storefront asks for its photos. The service's default stays 100 (spec section 9);
 * at 80 a webp looks the same on a phone and weighs about half, which a slow network feels.
 */
const PICTURE_QUALITY = 80;

export interface PictureSources {
  /** The fallback address: the 2x size for a picture that is fetched first (LCP), else 1.5x. */
  src: string;
  /** `url 360w, url 540w, url 720w`; absent for a full https address, which has one size only. */
  srcSet?: string;
}

/**
 * The addresses of one picture in the sizes a phone or a desktop needs. The storefront's `<img>` and
 * the server's `<link rel=preload as=image>` of the first screen both take them from here, so the
 * browser finds the preloaded bytes under the same addresses the page asks for.
 */
export function pictureSources(key: string, box: { width: number; height: number }, priority = false): PictureSources {
  const at = (scale: number) =>
    imageUrl(key, { width: Math.round(box.width * scale), height: Math.round(box.height * scale), quality: PICTURE_QUALITY });
  const src = at(priority ? 2 : 1.5);
  if (/^https:\/\//i.test(key)) return { src };
  return { src, srcSet: PICTURE_SCALES.map((s) => `${at(s)} ${Math.round(box.width * s)}w`).join(', ') };
}

/** The brand's tab icon: the settings' favicon, else the logo; a small PNG every browser shows. */
export function faviconUrl(settings: { favicon?: string | null; logo?: string | null } | null, merchantLogo?: string | null): string | null {
  const key = settings?.favicon || settings?.logo || merchantLogo;
  return key ? imageUrl(key, { width: 64, height: 64, format: 'png' }) : null;
}

/**
 * A banner of the home page: 12:5, at most 500 CSS px wide (two a row on a desktop), 88 % of a phone's
 * width. The carousel and the server's preload of the first banner share these numbers.
 */
export const BANNER_PICTURE = { width: 500, height: 208, sizes: '(min-width: 768px) 500px, 88vw' } as const;

/**
 * A product's own picture on its page: at most 480 CSS px; on a phone, the page's width less its margins (1 rem
 * each side), so a phone of 412 px at 1.75x takes the 720 px picture, not the next size up. The server's preload of
 * a product page asks for the same.
 */
export const PRODUCT_PICTURE = { width: 480, height: 480, sizes: '(min-width: 768px) 480px, calc(100vw - 2rem)' } as const;
/** The same picture in the product's sheet or popup over a list, which on a phone spans the whole width. */
export const PRODUCT_SHEET_PICTURE_SIZES = '(min-width: 768px) 480px, 100vw';

/**
 * The largest picture of a page's first screen (its LCP) and the box it is shown in: the server's page asks for
 * it in its head, at the addresses and sizes the picture itself will ask for (`pictureSources`, priority).
 */
export interface FirstPicture {
  key: string;
  box: { width: number; height: number; sizes: string };
}

/**
 * The sides the image service renders (the larger side of a picture): every size the storefront asks
 * for (the `pictureSources` boxes at 1x, 1.5x and 2x, the banner, the spec's 480 default, icons, the
 * sharing picture) and the maximum. Any other size snaps up to the next step, so anonymous requests can
 * only ever make a bounded set of variants. Keep the storefront's sizes on it: the domain test checks.
 */
export const IMAGE_SIDES = [
  64, 72, 88, 96, 108, 128, 132, 144, 176, 192, 240, 256, 320, 360, 480, 500, 540, 720, 750, 960, 1000, 1200, 2000,
] as const;
/** The qualities the image service renders at; any other snaps up to the next one, never below what was asked. */
const IMAGE_QUALITIES = [50, 65, 80, 90, 100] as const;

/**
 * The box a picture is rendered at: the larger side snaps up to the next step of IMAGE_SIDES (capped at
 * the largest) and the other side is scaled by the same factor, so the asked aspect ratio is kept. A
 * size already on the ladder comes back as asked.
 */
export function snapImageSize(width: number, height: number): { width: number; height: number } {
  const larger = Math.max(width, height);
  const max = IMAGE_SIDES[IMAGE_SIDES.length - 1]!;
  const step = IMAGE_SIDES.find((s) => s >= larger) ?? max;
  if (step === larger) return { width, height };
  const factor = step / larger;
  const fit = (side: number) => Math.min(step, Math.max(1, Math.round(side * factor)));
  return { width: fit(width), height: fit(height) };
}

/** The quality a picture is rendered at: the next step of IMAGE_QUALITIES at or above the asked one. */
export function snapImageQuality(quality: number): number {
  return IMAGE_QUALITIES.find((q) => q >= quality) ?? IMAGE_QUALITIES[IMAGE_QUALITIES.length - 1]!;
}
