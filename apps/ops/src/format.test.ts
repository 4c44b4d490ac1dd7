import { afterEach, describe, expect, it } from 'vitest';
import { localDay, setConsoleZone, time } from './format.ts';

describe("the console's clock", () => {
  afterEach(() => setConsoleZone(null));

  it("reads times and today's date on the branch's clock, whatever the device's zone", () => {
    setConsoleZone('Asia/Tashkent');
    // 21:42 UTC is 02:42 the next morning in Tashkent (UTC+5).
    expect(time('2026-11-28T21:42:00Z')).toBe('02:42');
    expect(localDay(new Date('2026-11-28T21:42:00Z'))).toBe('2026-11-29');
    setConsoleZone('Europe/Istanbul');
    expect(time('2026-11-28T21:42:00Z')).toBe('00:42');
  });
});
