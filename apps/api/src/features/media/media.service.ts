import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { AppError, type ImageFormat } from '@dasturxon/domain';

/** What a picture is turned into: the box it fills (cropped to cover it), its quality and its format. */
export interface ImageParams {
  width: number;
  height: number;
  quality: number;
  format: ImageFormat;
}

export interface ImageResult {
  body: Buffer;
  contentType: string;
  /** A strong tag: the variant's cache key, which changes with the source and the parameters. */
  etag: string;
  /** hit: read from the disk cache; miss: rendered by this request; joined: rendered by a request already under way. */
  cache: 'hit' | 'miss' | 'joined';
  /** Why a placeholder was sent instead of the picture, or null. */
  placeholder: 'asked' | 'missing' | 'unreadable' | null;
}

export const IMAGE_LIMITS = { minSide: 16, maxSide: 2000, minQuality: 1, maxQuality: 100 } as const;

const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/** Sources the service reads; anything else under the media folder is never opened. */
const SOURCE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif']);
/** Bumped when rendering changes, so every cached variant is made again. */
const RENDER_VERSION = 1;
/** The largest side an SVG is rasterized at before it is resized: crisp at 2000 px without unbounded work. */
const MAX_RASTER_SIDE = 4096;

/**
 * The placeholder: a soft plate with a cloche, neutral enough for any brand. Drawn here, so a
 * missing picture never depends on a file being present.
 */
const PLACEHOLDER_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <rect width="240" height="240" fill="#EEF0F3"/>
  <ellipse cx="120" cy="160" rx="78" ry="12" fill="#D5D9E0"/>
  <path d="M58 152a62 62 0 0 1 124 0z" fill="#C3C9D3"/>
  <rect x="50" y="150" width="140" height="9" rx="4.5" fill="#AEB5C1"/>
  <circle cx="120" cy="84" r="8" fill="#AEB5C1"/>
  <path d="M86 120a40 40 0 0 1 22-22" stroke="#E3E6EB" stroke-width="7" stroke-linecap="round" fill="none"/>
</svg>`,
);

/**
 * The media key of a request path, or an error when it could reach outside the media folder:
 * no absolute paths, no `.` or `..` segments (also after decoding), no hidden files, no
 * backslashes or NUL bytes, and only picture extensions.
 */
export function checkMediaKey(key: string): string {
  const refuse = () => new AppError('NOT_FOUND', { key: key.slice(0, 200) });
  if (!key || key.length > 512 || key.includes('\0') || key.includes('\\') || key.startsWith('/') || /^[a-z]:/i.test(key)) throw refuse();
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.') || s.includes('%'))) throw refuse();
  if (!SOURCE_EXTENSIONS.has(extname(key).toLowerCase())) throw refuse();
  return key;
}

const hashOf = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

async function render(source: Buffer | string, isSvg: boolean, params: ImageParams): Promise<Buffer> {
  let density: number | undefined;
  if (isSvg) {
    // librsvg draws at 72 dpi by default: a 240 px drawing would be blown up blurry to 480 px.
    const meta = await sharp(source).metadata();
    const side = Math.max(meta.width ?? 0, meta.height ?? 0);
    if (side > 0) {
      const scale = Math.max(params.width / (meta.width || side), params.height / (meta.height || side), 1);
      density = Math.max(1, Math.min(72 * scale, (72 * MAX_RASTER_SIDE) / side));
    }
  }
  let image = sharp(source, density ? { density } : {})
    .rotate()
    .resize(params.width, params.height, { fit: 'cover' });
  switch (params.format) {
    case 'jpeg':
      // JPEG has no transparency: a transparent drawing would come out black.
      image = image.flatten({ background: '#ffffff' }).jpeg({ quality: params.quality, mozjpeg: true });
      break;
    case 'png':
      image = image.png({ compressionLevel: 9, ...(params.quality < 100 ? { palette: true, quality: params.quality } : {}) });
      break;
    case 'avif':
      image = image.avif({ quality: params.quality, effort: 4 });
      break;
    default:
      image = image.webp({ quality: params.quality });
  }
  return image.toBuffer();
}

export interface MediaServiceOptions {
  /** Where the pictures are (config MEDIA_DIR). */
  root: string;
  /** Where resized variants are kept (`${DATA_DIR}/media-cache`). */
  cacheDir: string;
  log?: { warn(obj: unknown, msg?: string): void };
}

/**
 * The resizing image service: a picture from the media folder, resized to cover the asked box,
 * in the asked format and quality. Each variant is rendered once and kept on disk under a hash of
 * the key, the parameters and the source's modification time, so an edited picture gets new
 * variants and its old ones are simply never asked for again.
 */
export function createMediaService(options: MediaServiceOptions) {
  const root = resolve(options.root);
  const cacheDir = resolve(options.cacheDir);
  /** Renders under way by cache key: concurrent requests for one uncached variant share a single resize. */
  const rendering = new Map<string, Promise<Buffer>>();
  let realRoot: string | null = null;

  async function cached(hash: string, params: ImageParams, make: () => Promise<Buffer>): Promise<{ body: Buffer; cache: ImageResult['cache'] }> {
    const file = join(cacheDir, hash.slice(0, 2), `${hash}.${params.format}`);
    const pending = rendering.get(hash);
    if (pending) return { body: await pending, cache: 'joined' };
    try {
      return { body: await readFile(file), cache: 'hit' };
    } catch {
      // Not cached yet.
    }
    const again = rendering.get(hash);
    if (again) return { body: await again, cache: 'joined' };
    const job = (async () => {
      const body = await make();
      await mkdir(dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file, even across instances.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, body);
        await rename(tmp, file);
      } catch (error) {
        await unlink(tmp).catch(() => undefined);
        options.log?.warn({ err: error, file }, 'media cache write failed');
      }
      return body;
    })().finally(() => rendering.delete(hash));
    rendering.set(hash, job);
    return { body: await job, cache: 'miss' };
  }

  async function placeholder(params: ImageParams, why: NonNullable<ImageResult['placeholder']>): Promise<ImageResult> {
    const hash = hashOf('placeholder', RENDER_VERSION, params);
    const { body, cache } = await cached(hash, params, () => render(PLACEHOLDER_SVG, true, params));
    return { body, contentType: CONTENT_TYPES[params.format], etag: `"${hash.slice(0, 32)}"`, cache, placeholder: why };
  }

  /** The source file of a key, or null when there is none; a path that leads out of the folder (by a link, say) is refused. */
  async function sourceOf(key: string): Promise<{ path: string; mtimeMs: number; size: number } | null> {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new AppError('NOT_FOUND');
    let real: string;
    try {
      real = await realpath(path);
      realRoot ??= await realpath(root);
    } catch {
      return null;
    }
    if (!real.startsWith(realRoot + sep)) throw new AppError('NOT_FOUND');
    const s = await stat(real).catch(() => null);
    if (!s || !s.isFile()) return null;
    return { path: real, mtimeMs: s.mtimeMs, size: s.size };
  }

  return {
    placeholder: (params: ImageParams) => placeholder(params, 'asked'),

    async image(rawKey: string, params: ImageParams): Promise<ImageResult> {
      const key = checkMediaKey(rawKey);
      const source = await sourceOf(key);
      if (!source) return placeholder(params, 'missing');
      const hash = hashOf(key, source.mtimeMs, source.size, RENDER_VERSION, params);
      const isSvg = extname(key).toLowerCase() === '.svg';
      try {
        const { body, cache } = await cached(hash, params, async () => render(await readFile(source.path), isSvg, params));
        return { body, contentType: CONTENT_TYPES[params.format], etag: `"${hash.slice(0, 32)}"`, cache, placeholder: null };
      } catch (error) {
        options.log?.warn({ err: error, key }, 'picture could not be rendered');
        return placeholder(params, 'unreadable');
      }
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
