import { describe, expect, it } from 'vitest';
import { hostnameOf, hstsHeader, isDevHost, isValidSub, tenantFromHost } from '../src/tenant.ts';

const base = ['localhost', 'dasturxon.uz'];

describe('tenantFromHost', () => {
  it('reads the sub-domain of a base domain', () => {
    expect(tenantFromHost({ host: 'tezkor.localhost:3000', baseDomains: base })).toEqual({ kind: 'sub', sub: 'tezkor' });
    expect(tenantFromHost({ host: 'tezkor.dasturxon.uz', baseDomains: base })).toEqual({ kind: 'sub', sub: 'tezkor' });
    expect(tenantFromHost({ host: 'Tezkor.Dasturxon.UZ', baseDomains: base })).toEqual({ kind: 'sub', sub: 'tezkor' });
  });

  it('takes the label right before the base domain when there are several', () => {
    expect(tenantFromHost({ host: 'www.tezkor.dasturxon.uz', baseDomains: base })).toEqual({ kind: 'sub', sub: 'tezkor' });
  });

  it('uses the vendor on a development host', () => {
    expect(tenantFromHost({ host: 'localhost:3000', baseDomains: base, vendor: 'tezkor' })).toEqual({ kind: 'sub', sub: 'tezkor' });
    expect(tenantFromHost({ host: '127.0.0.1:3000', baseDomains: base, vendor: ' Burger ' })).toEqual({ kind: 'sub', sub: 'burger' });
    expect(tenantFromHost({ host: '[::1]:3000', baseDomains: base, vendor: 'tezkor' })).toEqual({ kind: 'sub', sub: 'tezkor' });
  });

  it('names no merchant on a development host without a vendor', () => {
    expect(tenantFromHost({ host: 'localhost:3000', baseDomains: base })).toEqual({ kind: 'none' });
    expect(tenantFromHost({ host: 'localhost', baseDomains: base, vendor: null })).toEqual({ kind: 'none' });
  });

  it('shows the default brand on a development host when nothing else names one, and only there', () => {
    expect(tenantFromHost({ host: 'localhost:3000', baseDomains: base, devBrand: 'tezkor' })).toEqual({ kind: 'sub', sub: 'tezkor' });
    expect(tenantFromHost({ host: '127.0.0.1', baseDomains: base, vendor: 'navbahor', devBrand: 'tezkor' })).toEqual({
      kind: 'sub',
      sub: 'navbahor',
    });
    expect(tenantFromHost({ host: 'localhost', baseDomains: base, vendor: 'not a sub!', devBrand: 'tezkor' })).toEqual({
      kind: 'sub',
      sub: 'tezkor',
    });
    expect(tenantFromHost({ host: 'dasturxon.uz', baseDomains: base, devBrand: 'tezkor' })).toEqual({ kind: 'none' });
    expect(tenantFromHost({ host: 'shop.example', baseDomains: base, devBrand: 'tezkor' })).toEqual({
      kind: 'domain',
      domain: 'shop.example',
    });
    expect(tenantFromHost({ host: 'localhost', baseDomains: base, devBrand: '' })).toEqual({ kind: 'none' });
  });

  it('treats any other host as a brand domain, without www', () => {
    expect(tenantFromHost({ host: 'tezkor.uz', baseDomains: base })).toEqual({ kind: 'domain', domain: 'tezkor.uz' });
    expect(tenantFromHost({ host: 'www.tezkor.uz:443', baseDomains: base })).toEqual({ kind: 'domain', domain: 'tezkor.uz' });
  });

  it('names no merchant on the base domain itself or its www', () => {
    expect(tenantFromHost({ host: 'dasturxon.uz', baseDomains: base })).toEqual({ kind: 'none' });
    expect(tenantFromHost({ host: 'www.dasturxon.uz', baseDomains: base })).toEqual({ kind: 'none' });
  });

  it('does not take a look-alike host for a sub-domain', () => {
    expect(tenantFromHost({ host: 'evildasturxon.uz', baseDomains: base })).toEqual({ kind: 'domain', domain: 'evildasturxon.uz' });
  });

  it('refuses invalid subs', () => {
    expect(tenantFromHost({ host: '-tezkor.dasturxon.uz', baseDomains: base })).toEqual({ kind: 'none' });
    expect(tenantFromHost({ host: 'tezkor-.dasturxon.uz', baseDomains: base })).toEqual({ kind: 'none' });
    expect(tenantFromHost({ host: 'tez_kor.dasturxon.uz', baseDomains: base })).toEqual({ kind: 'none' });
    expect(tenantFromHost({ host: 'localhost', baseDomains: base, vendor: 'bad_sub' })).toEqual({ kind: 'none' });
    expect(tenantFromHost({ host: 'localhost', baseDomains: base, vendor: '../admin' })).toEqual({ kind: 'none' });
  });

  it('names no merchant for an empty host', () => {
    expect(tenantFromHost({ host: '', baseDomains: base })).toEqual({ kind: 'none' });
  });

  it('prefers the longest matching base domain', () => {
    expect(tenantFromHost({ host: 'tezkor.shop.dasturxon.uz', baseDomains: ['dasturxon.uz', 'shop.dasturxon.uz'] })).toEqual({
      kind: 'sub',
      sub: 'tezkor',
    });
  });
});

describe('host helpers', () => {
  it('hostnameOf lower-cases and drops the port', () => {
    expect(hostnameOf('Burger.LOCALHOST:3000')).toBe('burger.localhost');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf(' tezkor.uz ')).toBe('tezkor.uz');
  });

  it('isDevHost knows the development hosts only', () => {
    expect(isDevHost('localhost')).toBe(true);
    expect(isDevHost('127.0.0.1')).toBe(true);
    expect(isDevHost('tezkor.localhost')).toBe(false);
  });

  it('isValidSub accepts DNS labels only', () => {
    expect(isValidSub('tezkor')).toBe(true);
    expect(isValidSub('burger-2')).toBe(true);
    expect(isValidSub('a'.repeat(63))).toBe(true);
    expect(isValidSub('a'.repeat(64))).toBe(false);
    expect(isValidSub('')).toBe(false);
    expect(isValidSub('Tezkor')).toBe(false);
  });
});

describe('hstsHeader', () => {
  const bases = ['dasturxon.uz'];
  it('is sent over HTTPS on our own domains and their brands, with includeSubDomains', () => {
    expect(hstsHeader({ host: 'tezkor.dasturxon.uz', baseDomains: bases, https: true })).toBe('max-age=31536000; includeSubDomains');
    expect(hstsHeader({ host: 'dasturxon.uz:443', baseDomains: bases, https: true })).toBe('max-age=31536000; includeSubDomains');
  });
  it("is never sent over plain HTTP, on a brand's own domain or on a development host", () => {
    expect(hstsHeader({ host: 'tezkor.dasturxon.uz', baseDomains: bases, https: false })).toBeNull();
    expect(hstsHeader({ host: 'order.tezkor-burger.uz', baseDomains: bases, https: true })).toBeNull();
    expect(hstsHeader({ host: 'notdasturxon.uz', baseDomains: bases, https: true })).toBeNull();
    expect(hstsHeader({ host: 'tezkor.localhost:3000', baseDomains: ['localhost'], https: true })).toBeNull();
  });
});
