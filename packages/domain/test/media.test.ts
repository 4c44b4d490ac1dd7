import { describe, expect, it } from 'vitest';
import { BANNER_PICTURE, faviconUrl, IMAGE_DEFAULTS, IMAGE_SIDES, imageUrl, pictureSources, snapImageQuality, snapImageSize } from '../src/media.ts';

describe('imageUrl', () => {
  it('uses a full https address as it is', () => {
    expect(imageUrl('https://cdn.example.com/a.png', { width: 100 })).toBe('https://cdn.example.com/a.png');
  });

  it('sends a stored key through the resizing service', () => {
    expect(imageUrl('demo/tezkor/burger.svg')).toBe('/media/demo/tezkor/burger.svg');
    expect(imageUrl('/demo/a.png', { width: 480, height: 480, quality: 100, format: 'webp' })).toBe('/media/demo/a.png?w=480&h=480&q=100&f=webp');
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
  const OTHER_SIZES: [number, number][] = [[64, 64], [96, 96], [144, 144], [320, 240], [540, 960], [1200, 1200]];

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
    for (const [width, height] of [[IMAGE_DEFAULTS.width, IMAGE_DEFAULTS.height], ...OTHER_SIZES, [2000, 2000], [2000, 16]] as [number, number][]) {
      expect(snapImageSize(width, height)).toEqual({ width, height });
    }
    expect(snapImageQuality(IMAGE_DEFAULTS.quality)).toBe(IMAGE_DEFAULTS.quality);
    expect(faviconUrl(null, 'm.svg')).toContain('w=64&h=64');
  });

  it('snaps another size up to the next step, keeping the aspect ratio', () => {
    expect(snapImageSize(1990, 1990)).toEqual({ width: 2000, height: 2000 });
    expect(snapImageSize(111, 77)).toEqual({ width: 128, height: 89 });
    expect(snapImageSize(77, 111)).toEqual({ width: 89, height: 128 });
    expect(snapImageSize(1500, 300)).toEqual({ width: 2000, height: 400 });
    expect(snapImageSize(16, 16)).toEqual({ width: 64, height: 64 });
    expect(snapImageSize(1201, 1201)).toEqual({ width: 2000, height: 2000 });
  });

  it('snaps quality up to a few steps', () => {
    expect([1, 50, 51, 65, 70, 80, 81, 90, 95, 100].map(snapImageQuality)).toEqual([50, 50, 65, 65, 80, 80, 90, 90, 100, 100]);
  });

  it('is sorted, with the maximum side last', () => {
    expect([...IMAGE_SIDES].sort((a, b) => a - b)).toEqual([...IMAGE_SIDES]);
    expect(IMAGE_SIDES.at(-1)).toBe(2000);
  });
});
