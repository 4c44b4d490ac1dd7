import { describe, expect, it } from 'vitest';
import { faviconUrl, IMAGE_DEFAULTS, imageUrl, pictureSources } from '../src/media.ts';

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
