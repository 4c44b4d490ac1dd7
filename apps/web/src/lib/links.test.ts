import { describe, expect, it } from 'vitest';
import { outsideLink, phoneHref, safeExternalUrl, socialHref } from './links.ts';

describe('safeExternalUrl', () => {
  it('keeps http and https addresses', () => {
    expect(safeExternalUrl('https://apps.apple.com/app/id1')).toBe('https://apps.apple.com/app/id1');
    expect(safeExternalUrl(' http://example.uz ')).toBe('http://example.uz/');
  });

  it('refuses script, data and relative addresses', () => {
    for (const v of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '/login', '', null, undefined]) {
      expect(safeExternalUrl(v)).toBeNull();
    }
  });
});

describe('phoneHref', () => {
  it('builds a tel: link from any spelling', () => {
    expect(phoneHref('+998 (90) 123-45-67')).toBe('tel:+998901234567');
    expect(phoneHref('998712000000')).toBe('tel:+998712000000');
    expect(phoneHref('')).toBeNull();
    expect(phoneHref('12')).toBeNull();
  });
});

describe('socialHref', () => {
  it('turns handles into profile addresses', () => {
    expect(socialHref('telegram', '@tezkor_burger')).toBe('https://t.me/tezkor_burger');
    expect(socialHref('instagram', 'tezkor.uz')).toBe('https://instagram.com/tezkor.uz');
    expect(socialHref('facebook', 'tezkor')).toBe('https://facebook.com/tezkor');
  });

  it('keeps full addresses and completes bare ones', () => {
    expect(socialHref('telegram', 'https://t.me/tezkor')).toBe('https://t.me/tezkor');
    expect(socialHref('instagram', 'instagram.com/tezkor')).toBe('https://instagram.com/tezkor');
  });

  it('refuses script addresses and junk', () => {
    expect(socialHref('telegram', 'javascript:alert(1)')).toBeNull();
    expect(socialHref('telegram', 'two words')).toBeNull();
    expect(socialHref('telegram', '')).toBeNull();
  });
});

describe('outsideLink', () => {
  const origin = 'http://tezkor.localhost:3000';
  it('holds links to another site for the "leaving the app" confirmation, never the storefront\'s own or a phone call', () => {
    expect(outsideLink('https://t.me/tezkor', origin)?.host).toBe('t.me');
    expect(outsideLink('https://apps.apple.com/app/id1', origin)?.href).toBe('https://apps.apple.com/app/id1');
    expect(outsideLink('http://tezkor.localhost:3000/menu', origin)).toBeNull();
    expect(outsideLink('/menu', origin)).toBeNull();
    expect(outsideLink('tel:+998901234567', origin)).toBeNull();
    expect(outsideLink('javascript:alert(1)', origin)).toBeNull();
  });
});
