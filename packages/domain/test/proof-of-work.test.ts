import { describe, expect, it } from 'vitest';
import { leadingZeroBits } from '../src/proof-of-work.ts';

describe('leadingZeroBits', () => {
  it('counts the zero bits a hash starts with', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
});
