import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, realpath, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { AppError, IMAGE_MAX_SIDE, snapImageQuality, snapImageVariant, type ImageFormat } from '@dasturxon/domain';

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
  /** Why a placeholder was sent instead of the picture, or null; busy: the render queue could not make the variant in time. */
  placeholder: 'asked' | 'missing' | 'unreadable' | 'busy' | null;
  /**
   * Set when this is a stand-in (the nearest cached variant of the picture, or the placeholder) because
   * the render queue was full or the render ran out of time; such an answer must not be kept as the variant.
   */
  fallback: 'queue-full' | 'timeout' | null;
}

/** How much rendering may go on at once. */
export interface RenderLimits {
  /** Renders at the same time; each holds a thread of libuv's pool (4), which static files and cache reads need too. */
  renders: number;
  /** Renders waiting for a turn; beyond it a request gets a stand-in at once. */
  waiting: number;
  /** Time from asking to the answer: after it the request gets a stand-in, and libvips stops the render soon after. */
  timeoutMs: number;
}

/**
 * On 2 cores one render at a time, so the event loop keeps a core; never more than 2. The slowest
 * variant the boxes allow (2000 px square) takes about 1 s here, so 4 waiting fit in the 5 s limit.
 */
export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  renders: Math.max(1, Math.min(2, availableParallelism() - 1)),
  waiting: 4,
  timeoutMs: 5000,
};

/** libvips' AVIF effort (0-9, sharp's default 4): 2 is about 7x faster at 480 px for a few % more bytes. */
const AVIF_EFFORT = 2;
/** The stand-in placeholder's larger side: small enough to draw outside the queue in a few milliseconds. */
const FALLBACK_PLACEHOLDER_SIDE = 64;

export const IMAGE_LIMITS = { minSide: 16, maxSide: IMAGE_MAX_SIDE, minQuality: 1, maxQuality: 100 } as const;

const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/** Sources the service reads; anything else under the media folder is never opened. */
const SOURCE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif']);
/** Bumped when rendering changes, so every cached variant is made again (2: AVIF effort 2, one folder per source). */
const RENDER_VERSION = 2;
/** The largest side an SVG is rasterized at before it is resized: crisp at 2000 px without unbounded work. */
const MAX_RASTER_SIDE = 4096;

/**
 * The placeholder: a plate with a cloche, neutral enough for any brand. Drawn here, so a
 * missing picture never depends on a file being present. No backdrop of its own and half-transparent greys: the
 * storefront's picture box is painted in the brand's theme (`bg-surface-2`), so the placeholder is no white square on a
 * dark theme (issue 29). JPEG alone, which has no transparency, flattens it on white.
 */
const PLACEHOLDER_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <ellipse cx="120" cy="160" rx="78" ry="12" fill="#8A93A3" fill-opacity=".22"/>
  <path d="M58 152a62 62 0 0 1 124 0z" fill="#8A93A3" fill-opacity=".32"/>
  <rect x="50" y="150" width="140" height="9" rx="4.5" fill="#8A93A3" fill-opacity=".5"/>
  <circle cx="120" cy="84" r="8" fill="#8A93A3" fill-opacity=".5"/>
  <path d="M86 120a40 40 0 0 1 22-22" stroke="#FFFFFF" stroke-opacity=".25" stroke-width="7" stroke-linecap="round" fill="none"/>
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

/**
 * The parameters a request is rendered at: the domain's rule (snapImageVariant): the smallest of its boxes
 * that covers the asked one, the quality on its two steps, WebP for an AVIF above its size cap. Whatever is
 * asked, a picture therefore has at most MAX_IMAGE_VARIANTS (186) variants, and the costliest encoding is
 * only made for small pictures.
 */
export function renderParams(params: ImageParams): ImageParams {
  return snapImageVariant(params);
}

/** Draws one variant. `timeoutSeconds` makes libvips give up, so a timed-out render frees its thread. */
export async function renderImage(source: Buffer | string, isSvg: boolean, params: ImageParams, timeoutSeconds = 0): Promise<Buffer> {
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
      image = image.avif({ quality: params.quality, effort: AVIF_EFFORT });
      break;
    default:
      image = image.webp({ quality: params.quality });
  }
  if (timeoutSeconds > 0) image = image.timeout({ seconds: timeoutSeconds });
  return image.toBuffer();
}

/** A render the queue did not finish in time, or had no room for. */
class RenderRefused extends Error {
  constructor(readonly reason: 'queue-full' | 'timeout') {
    super(`render refused: ${reason}`);
  }
}

/**
 * The render queue: at most `renders` at once and `waiting` in line. A task's answer is refused when
 * the line is full, or once `timeoutMs` have passed since it was asked for (a task still waiting then
 * is dropped). `done` settles when the task is really over, which may be after its answer was refused.
 */
function createRenderQueue(limits: RenderLimits) {
  let active = 0;
  const line: (() => void)[] = [];
  const pump = () => {
    while (active < limits.renders && line.length) line.shift()!();
  };
  return {
    run<T>(task: () => Promise<T>): { answer: Promise<T>; done: Promise<void> } {
      if (active >= limits.renders && line.length >= limits.waiting) {
        return { answer: Promise.reject(new RenderRefused('queue-full')), done: Promise.resolve() };
      }
      let settle!: () => void;
      const done = new Promise<void>((r) => (settle = r));
      let timer: NodeJS.Timeout | undefined;
      const answer = new Promise<T>((resolve, reject) => {
        const start = () => {
          active++;
          task()
            .then(resolve, reject)
            .finally(() => {
              clearTimeout(timer);
              active--;
              settle();
              pump();
            });
        };
        timer = setTimeout(() => {
          const at = line.indexOf(start);
          if (at >= 0) {
            line.splice(at, 1);
            settle();
          }
          reject(new RenderRefused('timeout'));
        }, limits.timeoutMs);
        if (active < limits.renders) start();
        else line.push(start);
      });
      return { answer, done };
    },
  };
}

/** A variant's file name in its source's folder: `480x480-q80.webp`. */
const variantName = (p: ImageParams) => `${p.width}x${p.height}-q${p.quality}.${p.format}`;
const VARIANT_NAME = /^(\d+)x(\d+)-q(\d+)\.(webp|jpeg|png|avif)$/;
const SOURCE_FOLDER = /^[0-9a-f]{64}$/;

function parseVariant(name: string): ImageParams | null {
  const m = VARIANT_NAME.exec(name);
  return m ? { width: Number(m[1]), height: Number(m[2]), quality: Number(m[3]), format: m[4] as ImageFormat } : null;
}

/** How far a cached variant is from the asked one; null when the browser may not show its format. */
function distance(asked: ImageParams, have: ImageParams): number | null {
  // Every browser shows WebP, JPEG and PNG; AVIF only goes to whoever asked for AVIF.
  if (have.format === 'avif' && asked.format !== 'avif') return null;
  return (
    Math.abs(Math.log(have.width / asked.width)) +
    Math.abs(Math.log(have.height / asked.height)) +
    (have.format === asked.format ? 0 : 0.05) +
    Math.abs(have.quality - asked.quality) / 1000
  );
}

export interface MediaServiceDeps {
  /** Where the pictures are (config MEDIA_DIR). */
  root: string;
  /**
   * Where the back office's uploads are (config UPLOADS_DIR, `${DATA_DIR}/uploads` by default): keys under
   * `UPLOADS_PREFIX` are read from here, every other key from `root`.
   */
  uploads?: string;
  /** Where resized variants are kept (`${DATA_DIR}/media-cache`). */
  cacheDir: string;
  /** The disk cache's limit in bytes (config MEDIA_CACHE_MB); the least recently used variants go first. */
  cacheBytes?: number;
  /** The render queue's limits (DEFAULT_RENDER_LIMITS); tests make them tiny. */
  limits?: Partial<RenderLimits>;
  /** What draws a variant (renderImage); tests slow it down. */
  render?: typeof renderImage;
  log?: { warn(obj: unknown, msg?: string): void };
}

interface CacheEntry {
  size: number;
  /** The source folder (a hash) the variant belongs to, or null for a file of an older layout. */
  source: string | null;
  /** When the file's mtime was last set to mark a use: it orders the cache again after a restart. */
  touchedAt: number;
}

/** Marking a use on disk at most this often per file: the order in memory is exact, the one on disk need not be. */
const TOUCH_EVERY_MS = 60_000;

/**
 * libvips keeps recent operations and their pixels (by default 50 MB, 100 items) and each render may
 * use a thread per core: after a burst of distinct variants the memory would stay up. Set once per process.
 */
function boundSharp() {
  sharp.cache({ memory: 16, files: 0, items: 32 });
  sharp.concurrency(1);
}

/**
 * The resizing image service: a picture from the media folder, resized to cover the asked box,
 * in the asked format and quality, snapped to the domain's boxes and qualities (renderParams). Each variant is rendered
 * once, in a small queue (RenderLimits), and kept on disk in a folder named by a hash of the key, the
 * source's modification time and size, so an edited picture gets new variants and its old ones are
 * never asked for again. The disk cache is bounded, the least recently used variants going first.
 */
/** The keys of uploaded pictures: `u/<merchant id>/<hash>.webp` (admin media upload). */
/** Pictures an upload may be: what sharp decodes, SVG left out (a script could hide in one). */
const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);
/** The most pixels an uploaded picture may have (a 40 MP phone photo passes; a decompression bomb does not). */
export const UPLOAD_MAX_PIXELS = 60_000_000;
export const UPLOADS_PREFIX = 'u/';

export function createMediaService(options: MediaServiceDeps) {
  boundSharp();
  const mediaRoot = resolve(options.root);
  const uploadsRoot = options.uploads ? resolve(options.uploads) : null;
  const cacheDir = resolve(options.cacheDir);
  const limits: RenderLimits = { ...DEFAULT_RENDER_LIMITS, ...options.limits };
  const cacheBytes = options.cacheBytes ?? 512 * 2 ** 20;
  const draw = options.render ?? renderImage;
  const queue = createRenderQueue(limits);
  const timeoutSeconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
  /** Renders under way by file: concurrent requests for one uncached variant share a single resize. */
  const rendering = new Map<string, Promise<Buffer>>();
  /** Every cached file by path, least recently used first (a Map keeps insertion order). */
  const lru = new Map<string, CacheEntry>();
  /** The cached variants of each source folder, for a stand-in when the queue is full. */
  const variants = new Map<string, Set<string>>();
  let cachedBytes = 0;
  const realRoots = new Map<string, string>();

  function remember(file: string, entry: CacheEntry) {
    const old = lru.get(file);
    if (old) {
      cachedBytes -= old.size;
      lru.delete(file);
    }
    lru.set(file, entry);
    cachedBytes += entry.size;
    if (entry.source) {
      let set = variants.get(entry.source);
      if (!set) variants.set(entry.source, (set = new Set()));
      set.add(file);
    }
  }

  function forget(file: string) {
    const entry = lru.get(file);
    if (!entry) return;
    lru.delete(file);
    cachedBytes -= entry.size;
    const set = entry.source ? variants.get(entry.source) : undefined;
    set?.delete(file);
    if (set && set.size === 0) variants.delete(entry.source!);
  }

  /** Removes the least recently used files until the cache fits, never the one just written. */
  function evict(keep: string) {
    for (const [file] of lru) {
      if (cachedBytes <= cacheBytes) break;
      if (file === keep) continue;
      forget(file);
      unlink(file).catch(() => undefined);
    }
  }

  /** A read counts as a use: to the end of the line, and now and then on disk for the next start. */
  function used(file: string, size: number, source: string) {
    const entry = lru.get(file);
    const now = Date.now();
    const touchedAt = entry?.touchedAt ?? 0;
    remember(file, { size, source, touchedAt: now - touchedAt > TOUCH_EVERY_MS ? now : touchedAt });
    if (now - touchedAt > TOUCH_EVERY_MS) utimes(file, now / 1000, now / 1000).catch(() => undefined);
    if (!entry) evict(file);
  }

  /**
   * What is already on disk, learned once at start: files ordered by modification time (a use sets it),
   * oldest first, ahead of whatever this process has used since. Unfinished writes of a crash are removed.
   */
  const ready = (async () => {
    const entries = await readdir(cacheDir, { withFileTypes: true, recursive: true }).catch(() => []);
    const found: { file: string; size: number; mtimeMs: number; source: string | null }[] = [];
    const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    // A few at a time: the pool's threads also serve the requests arriving meanwhile.
    for (let i = 0; i < files.length; i += 32) {
      await Promise.all(
        files.slice(i, i + 32).map(async (file) => {
          if (file.endsWith('.tmp')) return void (await unlink(file).catch(() => undefined));
          const s = await stat(file).catch(() => null);
          if (!s) return;
          const parts = relative(cacheDir, file).split(sep);
          const source = parts.length === 3 && SOURCE_FOLDER.test(parts[1]!) && parseVariant(parts[2]!) ? parts[1]! : null;
          found.push({ file, size: s.size, mtimeMs: s.mtimeMs, source });
        }),
      );
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    const since = [...lru];
    for (const [file] of since) forget(file);
    for (const f of found) remember(f.file, { size: f.size, source: f.source, touchedAt: f.mtimeMs });
    for (const [file, entry] of since) remember(file, entry);
    evict('');
  })().catch((error: unknown) => options.log?.warn({ err: error, cacheDir }, 'media cache could not be read'));

  /** Where a variant of a source folder is kept. */
  const fileOf = (source: string, params: ImageParams) => join(cacheDir, source.slice(0, 2), source, variantName(params));

  async function store(file: string, body: Buffer, source: string) {
    await mkdir(dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file, even across instances.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, body);
      await rename(tmp, file);
      remember(file, { size: body.length, source, touchedAt: Date.now() });
      evict(file);
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      options.log?.warn({ err: error, file }, 'media cache write failed');
    }
  }

  /** A cached variant, or a render of it through the queue; RenderRefused when the queue cannot make it in time. */
  async function cached(
    source: string,
    params: ImageParams,
    make: () => Promise<Buffer>,
  ): Promise<{ body: Buffer; cache: ImageResult['cache'] }> {
    const file = fileOf(source, params);
    const pending = rendering.get(file);
    if (pending) return { body: await pending, cache: 'joined' };
    try {
      const body = await readFile(file);
      used(file, body.length, source);
      return { body, cache: 'hit' };
    } catch {
      forget(file);
    }
    const again = rendering.get(file);
    if (again) return { body: await again, cache: 'joined' };
    const { answer, done } = queue.run(async () => {
      const body = await make();
      await store(file, body, source);
      return body;
    });
    rendering.set(file, answer);
    // Kept until the render is really over, so a timed-out variant is still rendered once, and then cached.
    void done.then(() => rendering.delete(file));
    return { body: await answer, cache: 'miss' };
  }

  /** The nearest cached variant of a source folder, read from disk, or null. */
  async function nearest(source: string, params: ImageParams): Promise<{ body: Buffer; params: ImageParams; file: string } | null> {
    const ranked = [...(variants.get(source) ?? [])]
      .map((file) => ({ file, have: parseVariant(file.slice(file.lastIndexOf(sep) + 1))! }))
      .map((v) => ({ ...v, d: distance(params, v.have) }))
      .filter((v): v is typeof v & { d: number } => v.d !== null)
      .sort((a, b) => a.d - b.d);
    for (const v of ranked.slice(0, 3)) {
      try {
        const body = await readFile(v.file);
        used(v.file, body.length, source);
        return { body, params: v.have, file: v.file };
      } catch {
        forget(v.file);
      }
    }
    return null;
  }

  // The drawing is part of its key: a new drawing is never answered from the old one's cached variants.
  const placeholderSource = hashOf('placeholder', RENDER_VERSION, PLACEHOLDER_SVG.toString());
  const etagOf = (source: string, params: ImageParams) => `"${hashOf(source, params).slice(0, 32)}"`;

  /**
   * A small placeholder of the asked shape and format (AVIF as WebP), drawn outside the queue: the answer
   * when the queue is busy and nothing of the picture is cached. A 64 px drawing takes milliseconds.
   */
  async function standInPlaceholder(params: ImageParams, why: NonNullable<ImageResult['fallback']>): Promise<ImageResult> {
    const scale = FALLBACK_PLACEHOLDER_SIDE / Math.max(params.width, params.height);
    const small: ImageParams = {
      width: Math.max(1, Math.round(params.width * scale)),
      height: Math.max(1, Math.round(params.height * scale)),
      quality: snapImageQuality(80),
      format: params.format === 'avif' ? 'webp' : params.format,
    };
    const file = fileOf(placeholderSource, small);
    let body: Buffer;
    try {
      body = await readFile(file);
      used(file, body.length, placeholderSource);
    } catch {
      body = await renderImage(PLACEHOLDER_SVG, true, small);
      await store(file, body, placeholderSource);
    }
    return {
      body,
      contentType: CONTENT_TYPES[small.format],
      etag: etagOf(placeholderSource, small),
      cache: 'hit',
      placeholder: 'busy',
      fallback: why,
    };
  }

  async function placeholder(asked: ImageParams, why: 'asked' | 'missing' | 'unreadable'): Promise<ImageResult> {
    const params = renderParams(asked);
    try {
      const { body, cache } = await cached(placeholderSource, params, () => draw(PLACEHOLDER_SVG, true, params, timeoutSeconds));
      return {
        body,
        contentType: CONTENT_TYPES[params.format],
        etag: etagOf(placeholderSource, params),
        cache,
        placeholder: why,
        fallback: null,
      };
    } catch (error) {
      if (error instanceof RenderRefused) return standInPlaceholder(params, error.reason);
      throw error;
    }
  }

  /** The source file of a key, or null when there is none; a path that leads out of the folder (by a link, say) is refused. */
  async function sourceOf(key: string): Promise<{ path: string; mtimeMs: number; size: number } | null> {
    const uploaded = key.startsWith(UPLOADS_PREFIX);
    if (uploaded && !uploadsRoot) return null;
    const root = uploaded ? uploadsRoot! : mediaRoot;
    const path = resolve(root, uploaded ? key.slice(UPLOADS_PREFIX.length) : key);
    if (!path.startsWith(root + sep)) throw new AppError('NOT_FOUND');
    let real: string;
    let realRoot: string;
    try {
      real = await realpath(path);
      realRoot = realRoots.get(root) ?? (await realpath(root));
      realRoots.set(root, realRoot);
    } catch {
      return null;
    }
    if (!real.startsWith(realRoot + sep)) throw new AppError('NOT_FOUND');
    const s = await stat(real).catch(() => null);
    if (!s || !s.isFile()) return null;
    return { path: real, mtimeMs: s.mtimeMs, size: s.size };
  }

  return {
    /**
     * Keeps an uploaded picture of a brand (the back office's `POST /api/admin/v1/media`): decoded (a file that is not
     * a JPEG, PNG, WebP, AVIF or GIF picture, or is larger than UPLOAD_MAX_PIXELS, is refused with MEDIA_INVALID),
     * turned upright, bounded to IMAGE_MAX_SIDE, stripped of its metadata (a phone's photo carries where it was taken)
     * and stored as WebP under a key named by its content: the same picture twice is one file.
     */
    async upload(merchantId: string, bytes: Buffer): Promise<{ key: string; width: number; height: number }> {
      if (!uploadsRoot) throw new AppError('MEDIA_INVALID', { reason: 'uploads are not configured' });
      let body: Buffer;
      let info: { width: number; height: number };
      try {
        const meta = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
        if (!meta.format || !UPLOAD_FORMATS.has(meta.format)) throw new AppError('MEDIA_INVALID', { reason: 'not a picture' });
        const out = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS })
          .rotate()
          .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 90 })
          .toBuffer({ resolveWithObject: true });
        body = out.data;
        info = out.info;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('MEDIA_INVALID', { reason: 'not a picture' });
      }
      const name = `${createHash('sha256').update(body).digest('hex').slice(0, 32)}.webp`;
      const file = join(uploadsRoot, merchantId, name);
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
      return { key: `${UPLOADS_PREFIX}${merchantId}/${name}`, width: info.width, height: info.height };
    },

    /** Settles once the files already on disk are known (tests wait for it; requests need not). */
    ready: () => ready,

    placeholder: (params: ImageParams) => placeholder(params, 'asked'),

    async image(rawKey: string, asked: ImageParams): Promise<ImageResult> {
      const key = checkMediaKey(rawKey);
      const src = await sourceOf(key);
      if (!src) return placeholder(asked, 'missing');
      const params = renderParams(asked);
      const source = hashOf(key, src.mtimeMs, src.size, RENDER_VERSION);
      const isSvg = extname(key).toLowerCase() === '.svg';
      try {
        const { body, cache } = await cached(source, params, async () => draw(await readFile(src.path), isSvg, params, timeoutSeconds));
        return { body, contentType: CONTENT_TYPES[params.format], etag: etagOf(source, params), cache, placeholder: null, fallback: null };
      } catch (error) {
        if (error instanceof RenderRefused || (error instanceof Error && /^timeout/i.test(error.message))) {
          const why = error instanceof RenderRefused ? error.reason : 'timeout';
          const near = await nearest(source, params);
          if (near) {
            return {
              body: near.body,
              contentType: CONTENT_TYPES[near.params.format],
              etag: etagOf(source, near.params),
              cache: 'hit',
              placeholder: null,
              fallback: why,
            };
          }
          return standInPlaceholder(params, why);
        }
        options.log?.warn({ err: error, key }, 'picture could not be rendered');
        return placeholder(asked, 'unreadable');
      }
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
