import { mkdir, mkdtemp, readdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_VARIANTS } from '@dasturxon/domain';
import { parseConfig } from '../src/config.ts';
import { mediaRoutes } from '../src/features/media/media.routes.ts';
import { checkMediaKey, createMediaService, renderImage, type MediaServiceDeps } from '../src/features/media/media.service.ts';
import { createTestApp, type TestApp } from './harness.ts';

const SECRET = 'TOP-SECRET-CONTENT';

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <rect width="240" height="240" fill="#E4002B"/><circle cx="120" cy="120" r="80" fill="#FFC72C"/></svg>`;

/** Every file under a folder, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

// The image service reads no tenant data, so one backend is enough.
describe('image service', () => {
  let t: TestApp;
  let work: string;
  let mediaDir: string;
  let cacheDir: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'dx-media-test-'));
    mediaDir = join(work, 'media');
    const dataDir = join(work, 'data');
    cacheDir = join(dataDir, 'media-cache');
    await mkdir(join(mediaDir, 'pics'), { recursive: true });
    await mkdir(join(mediaDir, 'notes'), { recursive: true });
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366CC' } })
      .png()
      .toFile(join(mediaDir, 'pics', 'blue.png'));
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#22AA55' } })
      .jpeg()
      .toFile(join(mediaDir, 'pics', 'photo.jpg'));
    await writeFile(join(mediaDir, 'pics', 'logo.svg'), SVG);
    await writeFile(join(mediaDir, 'pics', 'broken.png'), 'this is not a picture');
    await writeFile(join(mediaDir, 'notes', 'readme.txt'), SECRET);
    await writeFile(join(mediaDir, '.hidden.png'), SECRET);
    await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000000' } })
      .png()
      .toFile(join(work, 'secret.png'));
    await writeFile(join(work, 'secret.txt'), SECRET);
    await symlink(join(work, 'secret.png'), join(mediaDir, 'pics', 'link.png'));
    t = await createTestApp('pglite', { MEDIA_DIR: mediaDir, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(work, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const meta = (body: Buffer) => sharp(body).metadata();

  describe('resizing', () => {
    it('answers 480x480 webp by default, with a year of immutable caching', async () => {
      const res = await get('/media/pics/blue.png');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-media-placeholder']).toBe('no');
      const m = await meta(res.rawPayload);
      expect([m.format, m.width, m.height]).toEqual(['webp', 480, 480]);
    });

    it('honours width, height, quality and format, covering the box', async () => {
      const cases: [string, string, string, number, number][] = [
        ['/media/pics/photo.jpg?w=500&h=208&q=80&f=jpeg', 'image/jpeg', 'jpeg', 500, 208],
        ['/media/pics/photo.jpg?w=540&h=960&f=jpg', 'image/jpeg', 'jpeg', 540, 960],
        ['/media/pics/blue.png?w=320&h=240&f=png', 'image/png', 'png', 320, 240],
        ['/media/pics/blue.png?w=96&h=96&q=50&f=avif', 'image/avif', 'heif', 96, 96],
        ['/media/pics/blue.png?w=2000&h=2000&q=1&f=webp', 'image/webp', 'webp', 2000, 2000],
      ];
      for (const [url, type, format, width, height] of cases) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        const m = await meta(res.rawPayload);
        expect([m.format, m.width, m.height], url).toEqual([format, width, height]);
      }
    });

    it('rasterizes an SVG source sharply at the asked size', async () => {
      const res = await get('/media/pics/logo.svg?w=960&h=960&f=png');
      expect(res.statusCode).toBe(200);
      const m = await meta(res.rawPayload);
      expect([m.format, m.width, m.height]).toEqual(['png', 960, 960]);
      // The drawing's yellow circle at the centre, the red square at a corner: drawn, not a blank.
      const { data, info } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
      expect(px(480, 480)).toEqual([0xff, 0xc7, 0x2c]);
      expect(px(5, 5)).toEqual([0xe4, 0x00, 0x2b]);
    });

    it('answers HEAD with the headers only', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: '/media/pics/blue.png' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.body).toBe('');
    });

    it('answers 400 VALIDATION_FAILED for parameters out of bounds', async () => {
      for (const q of ['w=0', 'w=15', 'w=2001', 'h=abc', 'h=10.5', 'q=0', 'q=101', 'f=gif', 'f=WEBP', 'w=']) {
        const res = await get(`/media/pics/blue.png?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('bounded variants', () => {
    it("serves an odd box at the smallest of the domain's boxes that covers it", async () => {
      const odd = await get('/media/pics/photo.jpg?w=111&h=77&f=png');
      expect(odd.statusCode).toBe(200);
      const m = await meta(odd.rawPayload);
      // 128x128 is the smallest listed box at least 111 wide and 77 tall.
      expect([m.format, m.width, m.height]).toEqual(['png', 128, 128]);
      // It is that box's variant itself: asking for it directly finds it cached.
      const listed = await get('/media/pics/photo.jpg?w=128&h=128&f=png');
      expect(listed.headers['x-media-cache']).toBe('hit');
      expect(listed.headers.etag).toBe(odd.headers.etag);
      const wide = await meta((await get('/media/pics/photo.jpg?w=480&h=200')).rawPayload);
      expect([wide.width, wide.height]).toEqual([500, 208]);
      const tall = await meta((await get('/media/pics/photo.jpg?w=300&h=1100')).rawPayload);
      expect([tall.width, tall.height]).toEqual([1200, 1200]);
    });

    it('renders a listed box exactly as asked', async () => {
      for (const [w, h] of [
        [500, 208],
        [750, 312],
        [72, 72],
        [540, 960],
        [320, 240],
        [2000, 2000],
      ]) {
        const m = await meta((await get(`/media/pics/logo.svg?w=${w}&h=${h}&q=80`)).rawPayload);
        expect([m.width, m.height], `${w}x${h}`).toEqual([w, h]);
      }
    });

    it('snaps quality up to its two steps', async () => {
      const first = await get('/media/pics/photo.jpg?w=240&h=240&q=81&f=jpeg');
      expect(first.headers['x-media-cache']).toBe('miss');
      // 81 and 90 both render at 100: one variant, one file.
      const same = await get('/media/pics/photo.jpg?w=240&h=240&q=90&f=jpeg');
      expect(same.headers['x-media-cache']).toBe('hit');
      expect(same.headers.etag).toBe(first.headers.etag);
      const lower = await get('/media/pics/photo.jpg?w=240&h=240&q=79&f=jpeg');
      expect(lower.headers.etag).not.toBe(first.headers.etag);
      expect((await get('/media/pics/photo.jpg?w=240&h=240&q=80&f=jpeg')).headers['x-media-cache']).toBe('hit');
    });

    it('answers AVIF above its size cap as WebP, and AVIF below it', async () => {
      const big = await get('/media/pics/logo.svg?w=1000&h=416&q=80&f=avif');
      expect(big.headers['content-type']).toBe('image/webp');
      const m = await meta(big.rawPayload);
      expect([m.format, m.width, m.height]).toEqual(['webp', 1000, 416]);
      const small = await get('/media/pics/logo.svg?w=360&h=360&q=80&f=avif');
      expect(small.headers['content-type']).toBe('image/avif');
      expect((await meta(small.rawPayload)).format).toBe('heif');
    });
    it(
      'makes at most MAX_IMAGE_VARIANTS (186) variants of one picture, whatever boxes, qualities and formats are asked',
      { timeout: 300_000 },
      async () => {
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#AA3355' } })
          .png()
          .toFile(join(mediaDir, 'pics', 'many.png'));
        const before = new Set(await filesUnder(cacheDir));
        expect((await get('/media/pics/many.png?w=64&h=64')).statusCode).toBe(200);
        const folder = dirname((await filesUnder(cacheDir)).find((f) => !before.has(f))!);

        // A fixed seed: the same thousands of asks on every run.
        let seed = 26;
        const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
        const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
        const side = () =>
          random() < 0.7
            ? String(1 + Math.floor(random() * 2100))
            : pick(['0', '1', '15', '16', '2000', '2001', '99999999', '-5', '-480', 'abc', '10.5', '480.0', '1e3', '', 'NaN', 'Infinity']);
        const quality = () =>
          random() < 0.7 ? String(1 + Math.floor(random() * 100)) : pick(['0', '1', '100', '101', '-1', '80.5', 'x', '']);
        const format = () => pick(['webp', 'jpeg', 'jpg', 'png', 'avif', 'gif', 'WEBP', '']);
        const asks = Array.from({ length: 3000 }, () => {
          const params = [
            ['w', side()],
            ['h', side()],
            ['q', quality()],
            ['f', format()],
          ].filter(() => random() < 0.9);
          return `/media/pics/many.png?${params.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&')}`;
        });

        const tags = new Set<string>();
        const statuses = new Set<number>();
        // Two at a time, as a browser would: the render queue never refuses, so every answer is the variant itself.
        for (let i = 0; i < asks.length; i += 2) {
          for (const res of await Promise.all(asks.slice(i, i + 2).map((url) => get(url)))) {
            statuses.add(res.statusCode);
            if (res.statusCode === 200 && !res.headers['x-media-fallback']) tags.add(String(res.headers.etag));
          }
        }
        expect([...statuses].sort()).toEqual([200, 400]);
        const variants = (await readdir(folder)).filter((name) => !name.endsWith('.tmp'));
        expect(variants.length).toBeGreaterThan(50);
        expect(variants.length).toBeLessThanOrEqual(MAX_IMAGE_VARIANTS);
        expect(tags.size).toBeLessThanOrEqual(MAX_IMAGE_VARIANTS);
      },
    );
  });

  describe('disk cache', () => {
    it('renders a variant once, keeps it under DATA_DIR/media-cache and serves it from there', async () => {
      const url = '/media/pics/blue.png?w=111&h=77';
      const first = await get(url);
      expect(first.headers['x-media-cache']).toBe('miss');
      const files = await filesUnder(cacheDir);
      expect(files.some((f) => f.endsWith('.webp'))).toBe(true);
      const second = await get(url);
      expect(second.headers['x-media-cache']).toBe('hit');
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      // A cached variant revalidates to 304 by its tag.
      const revalidated = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(revalidated.statusCode).toBe(304);
    });

    it('makes new variants once the source changes', async () => {
      const url = '/media/pics/photo.jpg?w=50&h=50';
      const before = await get(url);
      expect((await get(url)).headers['x-media-cache']).toBe('hit');
      const later = new Date(Date.now() + 60_000);
      await utimes(join(mediaDir, 'pics', 'photo.jpg'), later, later);
      const after = await get(url);
      expect(after.headers['x-media-cache']).toBe('miss');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });

    it('shares one resize among concurrent requests for the same uncached variant', async () => {
      const url = '/media/pics/photo.jpg?w=321&h=123&f=avif';
      const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
      const kinds = answers.map((r) => r.headers['x-media-cache']);
      expect(kinds.filter((k) => k === 'miss')).toHaveLength(1);
      expect(kinds.every((k) => k === 'miss' || k === 'joined' || k === 'hit')).toBe(true);
      expect(answers.every((r) => r.statusCode === 200 && r.rawPayload.equals(answers[0]!.rawPayload))).toBe(true);
    });
  });

  describe('placeholder', () => {
    it('answers /media/placeholder as a picture of the asked size', async () => {
      const res = await get('/media/placeholder');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-media-placeholder']).toBe('asked');
      expect([(await meta(res.rawPayload)).width, (await meta(res.rawPayload)).height]).toEqual([480, 480]);
      const small = await get('/media/placeholder?w=320&h=240&f=png');
      const m = await meta(small.rawPayload);
      expect([m.format, m.width, m.height]).toEqual(['png', 320, 240]);
    });

    it('answers a missing picture with the placeholder, briefly cached, never a page or a 404', async () => {
      const res = await get('/media/pics/nothing-here.png?w=320&h=240');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-media-placeholder']).toBe('missing');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const m = await meta(res.rawPayload);
      expect([m.width, m.height]).toEqual([320, 240]);
      const svg = await get('/media/demo/nobody/products/ghost.svg');
      expect(svg.headers['content-type']).toBe('image/webp');
    });

    it('answers an unreadable picture with the placeholder', async () => {
      const res = await get('/media/pics/broken.png?w=64&h=64');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-media-placeholder']).toBe('unreadable');
      expect((await meta(res.rawPayload)).width).toBe(64);
    });
  });

  describe('refusing paths outside the media folder', () => {
    const refused = [
      '/media/%2e%2e/secret.png',
      '/media/pics/%2e%2e/%2e%2e/secret.png',
      '/media/..%2fsecret.png',
      '/media/pics/..%2f..%2fsecret.png',
      '/media/%2Ftmp%2Fsecret.png',
      '/media/pics/..%5c..%5csecret.png',
      '/media/%252e%252e/secret.png',
      '/media/pics/%00.png',
      '/media/.hidden.png',
      '/media/notes/readme.txt',
      '/media/pics/link.png',
      '/media/pics//blue.png',
      '/media/',
    ];
    for (const url of refused) {
      it(`refuses ${url}`, async () => {
        const res = await get(url);
        expect([400, 404]).toContain(res.statusCode);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.body).not.toContain(SECRET);
      });
    }

    it('never serves a file above the folder even when the path is normalized first', async () => {
      const res = await get('/media/../secret.txt');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(SECRET);
    });

    it('checks keys without touching the disk', () => {
      for (const key of [
        '../a.png',
        'a/../../b.png',
        '/etc/a.png',
        'C:/a.png',
        'a\\b.png',
        'a/./b.png',
        '.git/x.png',
        'a.txt',
        'a.svg\0.png',
        'a/%2e%2e/b.png',
      ]) {
        expect(() => checkMediaKey(key), key).toThrow();
      }
      for (const key of ['a.png', 'demo/tezkor/products/cheeseburger.svg', 'Фото/плов.JPG']) expect(checkMediaKey(key)).toBe(key);
    });
  });

  describe('render queue and cache limit', () => {
    /** A media service on the test's pictures with its own cache folder, behind the real routes. */
    async function serviceApp(options: Partial<MediaServiceDeps>) {
      const dir = await mkdtemp(join(work, 'cache-'));
      const service = createMediaService({ root: mediaDir, cacheDir: dir, ...options });
      const app = Fastify({ logger: false });
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      await app.register(mediaRoutes, { service });
      const ask = (url: string) => app.inject({ method: 'GET', url });
      return { dir, service, app, ask };
    }

    /** A render that waits until the test opens the gate. */
    function gatedRender() {
      let open!: () => void;
      let gate = new Promise<void>((r) => (open = r));
      const started: string[] = [];
      const render: typeof renderImage = async (...args) => {
        started.push(`${args[2].width}x${args[2].height}`);
        await gate;
        return renderImage(...args);
      };
      return {
        render,
        started,
        open: () => open(),
        close: () => void (gate = new Promise<void>((r) => (open = r))),
      };
    }

    it('refuses renders beyond its bound at once, with the nearest cached variant or the placeholder, not cached by browsers', async () => {
      const gated = gatedRender();
      gated.open();
      const { app, ask } = await serviceApp({ limits: { renders: 1, waiting: 1, timeoutMs: 30_000 }, render: gated.render });
      try {
        const near = await ask('/media/pics/blue.png?w=240&h=240');
        expect(near.headers['x-media-cache']).toBe('miss');
        gated.close();
        const rendering = ask('/media/pics/blue.png?w=480&h=480');
        // One at a time, so which one renders and which one waits does not depend on timing.
        await vi.waitFor(() => expect(gated.started).toEqual(['240x240', '480x480']), { timeout: 10_000 });
        const waiting = ask('/media/pics/blue.png?w=360&h=360');
        // Time for it to take the one waiting place (a loaded CI machine is slow to get there).
        await new Promise((r) => setTimeout(r, 500));
        expect(gated.started).toEqual(['240x240', '480x480']);

        // The line is full: the nearest variant of the same picture, at once, marked as a stand-in.
        const refused = await ask('/media/pics/blue.png?w=720&h=720');
        expect(refused.statusCode).toBe(200);
        expect(refused.headers['x-media-fallback']).toBe('queue-full');
        expect(refused.headers['cache-control']).toBe('no-store');
        expect(refused.rawPayload.equals(near.rawPayload)).toBe(true);
        expect(refused.headers.etag).not.toBe(near.headers.etag);

        // Nothing of that picture is cached: a small placeholder of the asked shape.
        const none = await ask('/media/pics/photo.jpg?w=500&h=208');
        expect(none.headers['x-media-fallback']).toBe('queue-full');
        expect(none.headers['x-media-placeholder']).toBe('busy');
        expect(none.headers['cache-control']).toBe('no-store');
        const m = await meta(none.rawPayload);
        expect([m.width, m.height]).toEqual([64, 27]);

        gated.open();
        const [done, queued] = await Promise.all([rendering, waiting]);
        expect([done.headers['x-media-cache'], queued.headers['x-media-cache']]).toEqual(['miss', 'miss']);
        expect(done.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await meta(queued.rawPayload)).width).toBe(360);
        // Once there is room again, the refused variant is rendered as asked.
        const later = await ask('/media/pics/blue.png?w=720&h=720');
        expect(later.headers['x-media-fallback']).toBeUndefined();
        expect((await meta(later.rawPayload)).width).toBe(720);
      } finally {
        gated.open();
        await app.close();
      }
    });

    it('gives up on a render after its time limit, and still caches it once it is done', async () => {
      const gated = gatedRender();
      const { app, ask } = await serviceApp({ limits: { renders: 2, waiting: 2, timeoutMs: 200 }, render: gated.render });
      try {
        const started = Date.now();
        const [slow, joined] = await Promise.all([ask('/media/pics/photo.jpg?w=480&h=480'), ask('/media/pics/photo.jpg?w=480&h=480')]);
        expect(Date.now() - started).toBeLessThan(2000);
        for (const res of [slow, joined]) {
          expect(res.headers['x-media-fallback']).toBe('timeout');
          expect(res.headers['x-media-placeholder']).toBe('busy');
          expect(res.headers['cache-control']).toBe('no-store');
        }
        // Asked again while the first render still runs: no second render of the same variant.
        await ask('/media/pics/photo.jpg?w=480&h=480');
        expect(gated.started).toEqual(['480x480']);
        gated.open();
        await expect.poll(async () => (await ask('/media/pics/photo.jpg?w=480&h=480')).headers['x-media-cache']).toBe('hit');
        expect(gated.started).toEqual(['480x480']);
      } finally {
        gated.open();
        await app.close();
      }
    });

    it('keeps the disk cache under its limit, removing the least recently used variants, also those found on disk at start', async () => {
      const first = await serviceApp({});
      const variants = [
        '/media/pics/photo.jpg?w=480&h=480&q=100&f=jpeg',
        '/media/pics/photo.jpg?w=720&h=720&q=100&f=jpeg',
        '/media/pics/blue.png?w=96&h=96&f=png',
      ];
      for (const url of variants) expect((await first.ask(url)).headers['x-media-cache']).toBe('miss');
      await first.app.close();
      const files = await filesUnder(first.dir);
      const named = (name: string) => files.find((f) => f.endsWith(name))!;
      const [older, oldest, newest] = [named('480x480-q100.jpeg'), named('720x720-q100.jpeg'), named('96x96-q100.png')];
      // On disk the 720 was used longest ago, then the 480, then the 96.
      for (const [file, ago] of [
        [oldest, 300],
        [older, 200],
        [newest, 100],
      ] as const) {
        const at = new Date(Date.now() - ago * 1000);
        await utimes(file, at, at);
      }
      const sizes = await Promise.all([older, oldest, newest].map(async (f) => (await stat(f)).size));
      const total = sizes.reduce((a, b) => a + b, 0);

      // A new start on the same folder, with room for exactly what is there.
      const second = createMediaService({ root: mediaDir, cacheDir: first.dir, cacheBytes: total });
      await second.ready();
      // Reading the oldest makes it the most recently used: it is kept.
      expect((await second.image('pics/photo.jpg', { width: 720, height: 720, quality: 100, format: 'jpeg' })).cache).toBe('hit');
      const added = await second.image('pics/blue.png', { width: 64, height: 64, quality: 100, format: 'png' });
      expect(added.cache).toBe('miss');
      const after = await filesUnder(first.dir);
      expect(after).toContain(oldest);
      expect(after).toContain(newest);
      expect(after).not.toContain(older);
      expect(after.some((f) => f.endsWith('64x64-q100.png'))).toBe(true);
      const left = await Promise.all(after.map(async (f) => (await stat(f)).size));
      expect(left.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
    });

    it('stops the server on a wrong MEDIA_CACHE_MB, naming it', () => {
      expect(parseConfig({ MEDIA_CACHE_MB: '1024' }).MEDIA_CACHE_MB).toBe(1024);
      expect(parseConfig({}).MEDIA_CACHE_MB).toBe(512);
      for (const v of ['lots', '0', '1.5']) expect(() => parseConfig({ MEDIA_CACHE_MB: v }), v).toThrow(/MEDIA_CACHE_MB/);
    });
  });
});
