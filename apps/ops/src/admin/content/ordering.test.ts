import { describe, expect, it } from 'vitest';
import { BannerInput, PolicyWrite, StoryInput } from '@dasturxon/domain/contracts';
import { dropped, fromLocalInput, moved, storyState, toLocalInput } from './ordering.ts';

describe('the content screens', () => {
  it('move an item by the arrows and by a drag', () => {
    expect(moved(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'c', 1)).toBeNull();
    expect(moved(['a', 'b', 'c'], 'x', 1)).toBeNull();
    expect(dropped(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(dropped(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(dropped(['a', 'b'], 'a', 'a')).toBeNull();
    expect(dropped(['a', 'b'], 'z', 'a')).toBeNull();
  });

  it('keep a story’s dates through the local date-time input, and tell where the story stands', () => {
    const iso = '2026-11-28T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBe('');
    expect(toLocalInput('nonsense')).toBe('');
    const story = { startsAt: '2026-11-28T00:00:00Z', endsAt: '2026-11-29T00:00:00Z', active: true };
    expect(storyState(story, Date.parse('2026-11-27T23:59:00Z'))).toBe('upcoming');
    expect(storyState(story, Date.parse('2026-11-28T12:00:00Z'))).toBe('live');
    expect(storyState(story, Date.parse('2026-11-29T00:00:00Z'))).toBe('ended');
    expect(storyState({ ...story, active: false }, Date.parse('2026-11-28T12:00:00Z'))).toBe('off');
  });

  it('check a form with the API’s own schemas before it is sent', () => {
    const banner = BannerInput.safeParse({ image: '', link: 'javascript:alert(1)' });
    expect(banner.success).toBe(false);
    expect(banner.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['image', 'link']);
    expect(BannerInput.parse({ image: 'u/x/ab.webp', link: '/menu' })).toMatchObject({ title: {}, productId: null, active: true });
    const story = StoryInput.safeParse({
      title: { ru: 'x' },
      preview: 'demo/p.svg',
      slides: [{ image: 'demo/s.svg' }],
      startsAt: '2026-11-28T10:00:00.000Z',
      endsAt: '2026-11-28T09:00:00.000Z',
    });
    expect(story.error?.issues.map((i) => i.path.join('.'))).toEqual(['endsAt']);
    expect(PolicyWrite.safeParse({ version: 0, text: { ru: '  ' } }).success).toBe(false);
  });
});
