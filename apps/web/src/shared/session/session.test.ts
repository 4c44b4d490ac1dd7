import { describe, expect, it } from 'vitest';
import { clearStoreExcept, keptOnLogout } from './customer-data.ts';
import { parseSession, sessionKey } from './session-store.ts';

/** A Storage-shaped map. */
function store(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('the stored session', () => {
  it('is kept per merchant', () => {
    expect(sessionKey('m-1')).toBe('dx:m-1:session');
    expect(sessionKey('m-1')).not.toBe(sessionKey('m-2'));
  });

  it('reads back what was stored, and nothing damaged', () => {
    const session = { token: 'abc', user: { id: 'u-1', firstName: 'A' } };
    expect(parseSession(JSON.stringify(session))).toEqual(session);
    expect(parseSession(null)).toBeNull();
    expect(parseSession('{')).toBeNull();
    expect(parseSession(JSON.stringify({ token: '', user: { id: 'u' } }))).toBeNull();
    expect(parseSession(JSON.stringify({ token: 't' }))).toBeNull();
  });
});

describe('what a logout clears', () => {
  it('keeps the app version, the Telegram flag, the language, and the vendor only on development hosts', () => {
    expect(keptOnLogout(false)).toEqual({
      local: ['app-version'],
      session: ['in-telegram', 'telegram-init-data', 'in-click'],
      cookies: ['lang'],
    });
    expect(keptOnLogout(true).cookies).toEqual(['lang', 'vendor']);
  });

  it('removes every other key of a store: session, basket, branch, address, order draft', () => {
    const local = store({
      'app-version': '2.2.9',
      'dx:m:session': '{}',
      'dx:m:basket': '[]',
      'dx:m:branch': 'b',
      'dx:m:address': '{}',
      'dx:m:order': '{}',
    });
    clearStoreExcept(local, keptOnLogout(false).local);
    expect([...local.map.keys()]).toEqual(['app-version']);
  });
});
