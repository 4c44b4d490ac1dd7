import { describe, expect, it } from 'vitest';
import { cookieDomainsOf, parseCookies } from './cookies.ts';

describe('parseCookies', () => {
  it('reads names and decoded values', () => {
    const c = parseCookies('lang=uz; vendor=tezkor;  page=2; note=a%20b');
    expect(c.get('lang')).toBe('uz');
    expect(c.get('vendor')).toBe('tezkor');
    expect(c.get('page')).toBe('2');
    expect(c.get('note')).toBe('a b');
  });

  it('keeps the first of duplicate names and survives malformed parts', () => {
    const c = parseCookies('a=1; junk; =x; a=2; bad=%E0%A4%A');
    expect(c.get('a')).toBe('1');
    expect(c.get('bad')).toBe('%E0%A4%A');
    expect([...c.keys()]).toEqual(['a', 'bad']);
  });

  it('reads an empty string as no cookies', () => {
    expect(parseCookies('').size).toBe(0);
  });
});

describe('cookieDomainsOf', () => {
  it('lists the host and every parent domain', () => {
    expect(cookieDomainsOf('shop.tezkor.uz')).toEqual(['.shop.tezkor.uz', '.tezkor.uz']);
    expect(cookieDomainsOf('localhost')).toEqual([]);
  });
});
