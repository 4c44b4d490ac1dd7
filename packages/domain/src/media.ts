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
