import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AVIF_MAX_SIDE,
  BANNER_PICTURE,
  faviconUrl,
  IMAGE_BOXES,
  IMAGE_DEFAULTS,
  IMAGE_FORMATS,
  IMAGE_MAX_SIDE,
  IMAGE_QUALITIES,
  imageUrl,
  MAX_IMAGE_VARIANTS,
  pictureSources,
  snapImageQuality,
  snapImageSize,
  snapImageVariant,
  type ImageFormat,
} from '../src/media.ts';

describe('imageUrl', () => {
  it('uses a full https address as it is', () => {
    expect(imageUrl('https://cdn.example.com/a.png', { width: 100 })).toBe('https://cdn.example.com/a.png');
  });

  it('sends a stored key through the resizing service', () => {
    expect(imageUrl('demo/tezkor/burger.svg')).toBe('/media/demo/tezkor/burger.svg');
    expect(imageUrl('/demo/a.png', { width: 480, height: 480, quality: 100, format: 'webp' })).toBe(
      '/media/demo/a.png?w=480&h=480&q=100&f=webp',
    );
  });

  it('gives the placeholder for a missing picture', () => {
    expect(imageUrl(null)).toBe('/media/placeholder');
    expect(imageUrl('')).toBe('/media/placeholder');
  });

  it('has the spec defaults', () => {
    expect(IMAGE_DEFAULTS).toEqual({ width: 480, height: 480, quality: 100, format: 'webp' });
  });
});

describe('pictureSources', () => {
  it('offers 1x, 1.5x and 2x of the box through the resizing service, at the storefront quality', () => {
    expect(pictureSources('demo/a.svg', { width: 360, height: 150 })).toEqual({
      src: '/media/demo/a.svg?w=540&h=225&q=80',
      srcSet: '/media/demo/a.svg?w=360&h=150&q=80 360w, /media/demo/a.svg?w=540&h=225&q=80 540w, /media/demo/a.svg?w=720&h=300&q=80 720w',
    });
  });

  it('falls back to the 2x size for a picture fetched first', () => {
    expect(pictureSources('demo/a.svg', { width: 100, height: 100 }, true).src).toBe('/media/demo/a.svg?w=200&h=200&q=80');
  });

  it('uses a full https address as it is, with no set of sizes', () => {
    expect(pictureSources('https://cdn.example.com/a.png', { width: 100, height: 100 })).toEqual({ src: 'https://cdn.example.com/a.png' });
  });
});

describe('faviconUrl', () => {
  it('takes the favicon, else the settings logo, else the merchant logo, as a 64 px PNG', () => {
    expect(faviconUrl({ favicon: 'b/fav.svg', logo: 'b/logo.svg' }, 'm.svg')).toBe('/media/b/fav.svg?w=64&h=64&f=png');
    expect(faviconUrl({ favicon: '', logo: 'b/logo.svg' }, 'm.svg')).toBe('/media/b/logo.svg?w=64&h=64&f=png');
    expect(faviconUrl(null, 'm.svg')).toBe('/media/m.svg?w=64&h=64&f=png');
    expect(faviconUrl({ favicon: null, logo: null }, null)).toBeNull();
  });
});

describe('image ladder', () => {
  /** The boxes the storefront's `<Picture>` draws (apps/web: search and basket lines, product cards, basket suggestions, product gallery) and the banner. */
  const PICTURE_BOXES = [72, 88, 128, 240, 360, 480].map((s) => ({ width: s, height: s })).concat(BANNER_PICTURE);
  /** Sizes the storefront asks for through imageUrl directly: icons, category tiles, story slides, the sharing picture, the favicon. */
  const OTHER_SIZES: [number, number][] = [
    [64, 64],
    [96, 96],
    [144, 144],
    [320, 240],
    [540, 960],
    [1200, 1200],
  ];

  // The domain has no DOM or Node types: the parameters are read with a pattern.
  const param = (url: string, name: string) => Number(new RegExp(`[?&]${name}=(\\d+)`).exec(url)?.[1] ?? Number.NaN);
  const sizesOf = (url: string) => ({ width: param(url, 'w'), height: param(url, 'h'), quality: param(url, 'q') });

  it('keeps every size pictureSources asks for exactly as asked', () => {
    for (const box of PICTURE_BOXES) {
      for (const priority of [false, true]) {
        const { src, srcSet } = pictureSources('demo/a.svg', box, priority);
        for (const url of [src, ...srcSet!.split(', ').map((s) => s.split(' ')[0]!)]) {
          const { width, height, quality } = sizesOf(url);
          expect(snapImageSize(width, height), url).toEqual({ width, height });
          expect(snapImageQuality(quality), url).toBe(quality);
        }
      }
    }
  });

  it('keeps the spec default, the other storefront sizes and the maximum as asked', () => {
    for (const [width, height] of [[IMAGE_DEFAULTS.width, IMAGE_DEFAULTS.height], ...OTHER_SIZES, [2000, 2000]] as [number, number][]) {
      expect(snapImageSize(width, height)).toEqual({ width, height });
    }
    expect(snapImageQuality(IMAGE_DEFAULTS.quality)).toBe(IMAGE_DEFAULTS.quality);
    expect(faviconUrl(null, 'm.svg')).toContain('w=64&h=64');
  });

  it('renders any other box at the smallest box of the list that covers it', () => {
    expect(snapImageSize(1990, 1990)).toEqual({ width: 2000, height: 2000 });
    expect(snapImageSize(111, 77)).toEqual({ width: 128, height: 128 });
    expect(snapImageSize(480, 200)).toEqual({ width: 500, height: 208 });
    expect(snapImageSize(300, 225)).toEqual({ width: 320, height: 240 });
    expect(snapImageSize(500, 900)).toEqual({ width: 540, height: 960 });
    expect(snapImageSize(16, 16)).toEqual({ width: 64, height: 64 });
    expect(snapImageSize(1201, 1201)).toEqual({ width: 2000, height: 2000 });
    expect(snapImageSize(2000, 16)).toEqual({ width: 2000, height: 2000 });
    // Whatever is not a usable side counts as the smallest, whatever is above the largest as the largest.
    expect(snapImageSize(0, -5)).toEqual({ width: 64, height: 64 });
    expect(snapImageSize(Number.NaN, 100.5)).toEqual({ width: 108, height: 108 });
    expect(snapImageSize(1e9, Infinity)).toEqual({ width: 2000, height: 2000 });
  });

  it('snaps quality up to two steps', () => {
    expect([1, 50, 79, 80, 81, 99, 100, 150, -1].map(snapImageQuality)).toEqual([80, 80, 80, 80, 100, 100, 100, 100, 80]);
    expect(snapImageQuality(Number.NaN)).toBe(100);
  });

  it('has the largest square last among the squares, and no box above the largest side', () => {
    expect(IMAGE_BOXES).toContainEqual({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE });
    expect(IMAGE_BOXES.every((b) => b.width <= IMAGE_MAX_SIDE && b.height <= IMAGE_MAX_SIDE)).toBe(true);
    expect(new Set(IMAGE_BOXES.map((b) => `${b.width}x${b.height}`)).size).toBe(IMAGE_BOXES.length);
  });
});

describe("the bound on a picture's variants", () => {
  const key = (v: { width: number; height: number; quality: number; format: string }) => `${v.width}x${v.height}-q${v.quality}.${v.format}`;

  it('is 186: 24 boxes at 2 qualities in WebP, JPEG and PNG, 21 of them in AVIF', () => {
    expect(IMAGE_BOXES).toHaveLength(24);
    expect(IMAGE_QUALITIES).toHaveLength(2);
    expect(IMAGE_BOXES.filter((b) => Math.max(b.width, b.height) <= AVIF_MAX_SIDE)).toHaveLength(21);
    expect(MAX_IMAGE_VARIANTS).toBe(186);
  });

  it('holds over every whole box the service takes (1..2000 by 1..2000), each covered, never drawn smaller', { timeout: 30_000 }, () => {
    const boxes = new Set<string>();
    for (let width = 1; width <= IMAGE_MAX_SIDE; width++) {
      for (let height = 1; height <= IMAGE_MAX_SIDE; height++) {
        const box = snapImageSize(width, height);
        if (box.width < width || box.height < height) throw new Error(`${width}x${height} is drawn at ${box.width}x${box.height}`);
        boxes.add(`${box.width}x${box.height}`);
      }
    }
    expect(boxes.size).toBeLessThanOrEqual(IMAGE_BOXES.length);
  });

  it('holds for any numbers at all, format and quality included (property)', () => {
    const seen = new Set<string>();
    const side = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.double({ noNaN: false }),
      fc.constantFrom(0, 1, -1, 0.5, 15.9, 2000.0001, 2001, Number.MAX_SAFE_INTEGER, Infinity, -Infinity, Number.NaN),
    );
    fc.assert(
      fc.property(side, side, side, fc.constantFrom<ImageFormat>(...IMAGE_FORMATS), (width, height, quality, format) => {
        const v = snapImageVariant({ width, height, quality, format });
        seen.add(key(v));
        const listed = IMAGE_BOXES.some((b) => b.width === v.width && b.height === v.height);
        const avifSmall = v.format !== 'avif' || Math.max(v.width, v.height) <= AVIF_MAX_SIDE;
        // Never worse than asked: at least the asked box (within the largest side) and quality.
        const covers =
          !Number.isFinite(width) ||
          !Number.isFinite(height) ||
          (v.width >= Math.min(IMAGE_MAX_SIDE, Math.ceil(width)) && v.height >= Math.min(IMAGE_MAX_SIDE, Math.ceil(height)));
        const asGood = !(quality <= 100) || v.quality >= quality;
        return listed && (IMAGE_QUALITIES as readonly number[]).includes(v.quality) && avifSmall && covers && asGood;
      }),
      { numRuns: 20_000 },
    );
    expect(seen.size).toBeLessThanOrEqual(MAX_IMAGE_VARIANTS);
  });

  it('is reached exactly by asking every box, quality and format', () => {
    const all = new Set<string>();
    for (const box of IMAGE_BOXES)
      for (const quality of IMAGE_QUALITIES)
        for (const format of IMAGE_FORMATS) all.add(key(snapImageVariant({ ...box, quality, format })));
    expect(all.size).toBe(MAX_IMAGE_VARIANTS);
  });
});
