import { describe, expect, it } from 'vitest';
import { mayReloadForChunk } from './chunk-reload.ts';

describe('mayReloadForChunk', () => {
  const now = 1_700_000_000_000;

  it('reloads when this path was never reloaded', () => {
    expect(mayReloadForChunk(null, now)).toBe(true);
    expect(mayReloadForChunk('garbage', now)).toBe(true);
  });

  it('does not reload again within 10 s', () => {
    expect(mayReloadForChunk(String(now - 1), now)).toBe(false);
    expect(mayReloadForChunk(String(now - 10_000), now)).toBe(false);
  });

  it('reloads again once 10 s have passed', () => {
    expect(mayReloadForChunk(String(now - 10_001), now)).toBe(true);
  });

  it('does not trust a stamp from the future (a changed clock)', () => {
    expect(mayReloadForChunk(String(now + 60_000), now)).toBe(true);
  });
});
