import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMediaKey } from '../src/features/media/media.service.ts';
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
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366CC' } }).png().toFile(join(mediaDir, 'pics', 'blue.png'));
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#22AA55' } }).jpeg().toFile(join(mediaDir, 'pics', 'photo.jpg'));
    await writeFile(join(mediaDir, 'pics', 'logo.svg'), SVG);
    await writeFile(join(mediaDir, 'pics', 'broken.png'), 'this is not a picture');
    await writeFile(join(mediaDir, 'notes', 'readme.txt'), SECRET);
    await writeFile(join(mediaDir, '.hidden.png'), SECRET);
    await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000000' } }).png().toFile(join(work, 'secret.png'));
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
        ['/media/pics/photo.jpg?w=200&h=100&q=80&f=jpeg', 'image/jpeg', 'jpeg', 200, 100],
        ['/media/pics/photo.jpg?w=64&h=128&f=jpg', 'image/jpeg', 'jpeg', 64, 128],
        ['/media/pics/blue.png?w=120&h=90&f=png', 'image/png', 'png', 120, 90],
        ['/media/pics/blue.png?w=96&h=96&q=50&f=avif', 'image/avif', 'heif', 96, 96],
        ['/media/pics/blue.png?w=2000&h=16&q=1&f=webp', 'image/webp', 'webp', 2000, 16],
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
      const small = await get('/media/placeholder?w=64&h=48&f=png');
      const m = await meta(small.rawPayload);
      expect([m.format, m.width, m.height]).toEqual(['png', 64, 48]);
    });

    it('answers a missing picture with the placeholder, briefly cached, never a page or a 404', async () => {
      const res = await get('/media/pics/nothing-here.png?w=200&h=150');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-media-placeholder']).toBe('missing');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const m = await meta(res.rawPayload);
      expect([m.width, m.height]).toEqual([200, 150]);
      const svg = await get('/media/demo/nobody/products/ghost.svg');
      expect(svg.headers['content-type']).toBe('image/webp');
    });

    it('answers an unreadable picture with the placeholder', async () => {
      const res = await get('/media/pics/broken.png?w=40&h=40');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-media-placeholder']).toBe('unreadable');
      expect((await meta(res.rawPayload)).width).toBe(40);
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
      for (const key of ['../a.png', 'a/../../b.png', '/etc/a.png', 'C:/a.png', 'a\\b.png', 'a/./b.png', '.git/x.png', 'a.txt', 'a.svg\0.png', 'a/%2e%2e/b.png']) {
        expect(() => checkMediaKey(key), key).toThrow();
      }
      for (const key of ['a.png', 'demo/tezkor/products/cheeseburger.svg', 'Фото/плов.JPG']) expect(checkMediaKey(key)).toBe(key);
    });
  });
});
