import { describe, expect, it } from 'vitest';
import { clientNetwork, networkOf } from '../src/index.ts';

describe('client networks', () => {
  it('puts an IPv4 address in its /24, also when it comes IPv4-mapped', () => {
    expect(clientNetwork('203.0.113.77')).toEqual({ address: '203.0.113.77', prefix: '203.0.113.', label: '203.0.113.0/24' });
    expect(clientNetwork('::ffff:203.0.113.9')).toEqual({ address: '203.0.113.9', prefix: '203.0.113.', label: '203.0.113.0/24' });
    expect(clientNetwork('203.0.113.77').prefix).not.toBe(clientNetwork('203.0.114.77').prefix);
  });

  it('puts an IPv6 address in its /48 whatever its spelling', () => {
    const a = clientNetwork('2001:db8:1::5');
    expect(a).toEqual({ address: '2001:0db8:0001:0000:0000:0000:0000:0005', prefix: '2001:0db8:0001:', label: '2001:db8:1::/48' });
    expect(clientNetwork('2001:0DB8:0001:ffff:1:2:3:4').prefix).toBe(a.prefix);
    expect(clientNetwork('2001:db8:2::5').prefix).not.toBe(a.prefix);
    expect(clientNetwork('::1').address).toBe('0000:0000:0000:0000:0000:0000:0000:0001');
  });

  it('keeps anything else as a network of its own', () => {
    expect(clientNetwork('not-an-ip')).toEqual({ address: 'not-an-ip', prefix: 'not-an-ip', label: 'not-an-ip' });
    expect(clientNetwork('1.2.3.256').label).toBe('1.2.3.256');
    expect(clientNetwork('1:2:3:4:5:6:7:8:9').label).toBe('1:2:3:4:5:6:7:8:9');
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
