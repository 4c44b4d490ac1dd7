import { describe, expect, it } from 'vitest';
import { leadingZeroBits, networkOf } from '../src/proof-of-work.ts';

describe('leadingZeroBits', () => {
  it('counts the zero bits a hash starts with', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
});

describe('networkOf', () => {
  it('gives the /24 of an IPv4 address, also written as IPv4-mapped IPv6', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
  });
  it('gives the /48 of an IPv6 address however it is written', () => {
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0db8:abcd:0012:0000:0000:0000:0001')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });
  it('is null for what is not an address', () => {
    expect(networkOf('300.1.1.1')).toBeNull();
    expect(networkOf('unknown')).toBeNull();
    expect(networkOf('1:2:3')).toBeNull();
  });
});
