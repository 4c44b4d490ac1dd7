/** Default picture size and quality of the image service (docs/spec-index.md section 9). */
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
 * The quality the storefront asks for its photos. The service's default stays 100 (docs/spec-index.md section 9);
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
export function faviconUrl(
  settings: { favicon?: string | null; logo?: string | null } | null,
  merchantLogo?: string | null,
): string | null {
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
 * The boxes the image service renders, and nothing else: every box the storefront asks for (the `pictureSources`
 * squares at 1x, 1.5x and 2x, the banner's at 1x, 1.5x and 2x, the spec's 480 default, icons, category tiles,
 * story slides, the sharing picture, the favicon) and the largest square. Any other box is rendered at the
 * smallest of these that covers it (cropped to fill it, as every box is), so a picture has at most
 * IMAGE_BOXES.length boxes whatever is asked. Keep the storefront's sizes here: the domain test checks.
 */
export const IMAGE_BOXES: readonly { readonly width: number; readonly height: number }[] = [
  ...[64, 72, 88, 96, 108, 128, 132, 144, 176, 192, 240, 256, 360, 480, 540, 720, 960, 1200, 2000].map((side) => ({
    width: side,
    height: side,
  })),
  // BANNER_PICTURE (12:5) at 1x, 1.5x and 2x.
  { width: 500, height: 208 },
  { width: 750, height: 312 },
  { width: 1000, height: 416 },
  // The menu's category tiles (4:3) and the story slides (9:16).
  { width: 320, height: 240 },
  { width: 540, height: 960 },
];
/** The largest side of any box: asks above it are rendered at the largest square. */
export const IMAGE_MAX_SIDE = 2000;
/**
 * The qualities the image service renders at: what the storefront asks for its photos (80) and the spec's
 * default (100). Any other quality snaps up to the next one, never below what was asked.
 */
export const IMAGE_QUALITIES = [80, 100] as const;
/** The formats the image service writes. */
export const IMAGE_FORMATS: readonly ImageFormat[] = ['webp', 'jpeg', 'png', 'avif'];
/** AVIF encodes about 10x slower than WebP: a box whose larger side is above this is answered as WebP. */
export const AVIF_MAX_SIDE = 960;

/**
 * The most variants one picture can have on disk, whatever is asked: every box in WebP, JPEG and PNG, the
 * boxes up to AVIF_MAX_SIDE in AVIF, each at every quality. 24 boxes x 2 qualities = 48 per format; with
 * AVIF's 21 boxes, 186 in all. The domain and API tests check the service never makes more.
 */
export const MAX_IMAGE_VARIANTS =
  IMAGE_QUALITIES.length *
  IMAGE_FORMATS.reduce((sum, f) => sum + IMAGE_BOXES.filter((b) => f !== 'avif' || Math.max(b.width, b.height) <= AVIF_MAX_SIDE).length, 0);

/** A side as asked, made a whole number within 1..IMAGE_MAX_SIDE (anything not a positive number counts as 1). */
const sideOf = (side: number) =>
  Number.isFinite(side) && side > 1 ? Math.min(IMAGE_MAX_SIDE, Math.ceil(side)) : side === Infinity ? IMAGE_MAX_SIDE : 1;

/**
 * The box a picture is rendered at: the smallest box of IMAGE_BOXES (by area) at least as wide and as tall as
 * the asked one, so a picture is never drawn smaller than it is shown; the browser's `object-fit: cover` crops
 * the rest. A box of the list comes back as it is; sides above IMAGE_MAX_SIDE are taken as IMAGE_MAX_SIDE.
 */
export function snapImageSize(width: number, height: number): { width: number; height: number } {
  const w = sideOf(width);
  const h = sideOf(height);
  let best = IMAGE_BOXES.find((b) => b.width === IMAGE_MAX_SIDE && b.height === IMAGE_MAX_SIDE)!;
  for (const box of IMAGE_BOXES) {
    if (box.width >= w && box.height >= h && box.width * box.height < best.width * best.height) best = box;
  }
  return { width: best.width, height: best.height };
}

/** The quality a picture is rendered at: the next step of IMAGE_QUALITIES at or above the asked one. */
export function snapImageQuality(quality: number): number {
  return IMAGE_QUALITIES.find((q) => q >= quality) ?? IMAGE_QUALITIES[IMAGE_QUALITIES.length - 1]!;
}

/**
 * What the image service renders for an ask: the box (snapImageSize), the quality (snapImageQuality) and the
 * format, AVIF above AVIF_MAX_SIDE answered as WebP. There are at most MAX_IMAGE_VARIANTS answers.
 */
export function snapImageVariant(asked: { width: number; height: number; quality: number; format: ImageFormat }): {
  width: number;
  height: number;
  quality: number;
  format: ImageFormat;
} {
  const { width, height } = snapImageSize(asked.width, asked.height);
  const known = IMAGE_FORMATS.includes(asked.format) ? asked.format : 'webp';
  const format = known === 'avif' && Math.max(width, height) > AVIF_MAX_SIDE ? 'webp' : known;
  return { width, height, quality: snapImageQuality(asked.quality), format };
}
