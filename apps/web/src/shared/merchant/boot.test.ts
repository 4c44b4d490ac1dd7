import { describe, expect, it } from 'vitest';
import { errorBody, type Merchant } from '@dasturxon/domain';
import { bootStatus } from '@dasturxon/domain';
import { parseBootScript } from './boot.ts';

const merchant: Merchant = {
  id: '7b1e6c1a-8a47-4b8e-9a53-0d6c1f1f7c11',
  name: 'Tezkor Burger',
  logo: '',
  color: '#E4002B',
  sub: 'tezkor',
  isActive: true,
  latitude: 41.3,
  longitude: 69.2,
  mainCityId: null,
};

describe('bootStatus', () => {
  it('opens the shop for an active merchant with an id', () => {
    expect(bootStatus({ merchant, error: null })).toBe('ready');
  });

  it('blocks an inactive merchant, or when the server says it is blocked', () => {
    expect(bootStatus({ merchant: { ...merchant, isActive: false }, error: null })).toBe('blocked');
    expect(bootStatus({ merchant: null, error: errorBody('MERCHANT_BLOCKED') })).toBe('blocked');
  });

  it('is unavailable when the lookup failed or gave no id', () => {
    expect(bootStatus({ merchant: null, error: errorBody('MERCHANT_NOT_FOUND') })).toBe('unavailable');
    expect(bootStatus({ merchant: null, error: null })).toBe('unavailable');
    expect(bootStatus({ merchant: { ...merchant, id: '' }, error: null })).toBe('unavailable');
  });
});

describe('parseBootScript', () => {
  it('reads what the server inlined', () => {
    const data = parseBootScript(JSON.stringify({ merchant, settings: null, error: null }));
    expect(data?.merchant?.name).toBe('Tezkor Burger');
    expect(data?.settings).toBeNull();
  });

  it("keeps the rendered page's queries and language, and only well-formed ones", () => {
    const queries = { mutations: [], queries: [{ queryKey: ['home', 'banners'], queryHash: '["home","banners"]', state: { data: [] } }] };
    const data = parseBootScript(JSON.stringify({ merchant, settings: null, error: null, queries, lang: 'uz' }));
    expect(data?.queries).toEqual(queries);
    expect(data?.lang).toBe('uz');
    const broken = parseBootScript(JSON.stringify({ merchant, settings: null, error: null, queries: { queries: 'no' }, lang: 'xx' }));
    expect(broken).not.toHaveProperty('queries');
    expect(broken).not.toHaveProperty('lang');
  });

  it('ignores a missing or broken script', () => {
    expect(parseBootScript(null)).toBeNull();
    expect(parseBootScript('')).toBeNull();
    expect(parseBootScript('{not json')).toBeNull();
    expect(parseBootScript('null')).toBeNull();
  });
});
