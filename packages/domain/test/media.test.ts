import { describe, expect, it } from 'vitest';
import { IMAGE_DEFAULTS, imageUrl } from '../src/media.ts';

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
