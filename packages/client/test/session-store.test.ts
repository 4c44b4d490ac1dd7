import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../src/session-store.ts';

/** A storage in memory, as localStorage answers; `broken` makes it throw as some webviews and private modes do. */
function memoryStorage() {
  const items = new Map<string, string>();
  const state = { broken: false };
  const guard = () => {
    if (state.broken) throw new Error('SecurityError');
  };
  return {
    items,
    state,
    storage: {
      getItem: (k: string) => (guard(), items.get(k) ?? null),
      setItem: (k: string, v: string) => (guard(), void items.set(k, v)),
      removeItem: (k: string) => (guard(), void items.delete(k)),
    },
  };
}

interface Session {
  token: string;
  name: string;
}
const parse = (text: string | null): Session | null => {
  try {
    const v = JSON.parse(text ?? '') as Partial<Session>;
    return typeof v.token === 'string' ? { token: v.token, name: String(v.name) } : null;
  } catch {
    return null;
  }
};

function setup() {
  const mem = memoryStorage();
  let merchant: string | null = 'a';
  const store = createSessionStore<Session, 'logout' | 'elsewhere'>({
    key: () => (merchant ? `dx:${merchant}:session` : null),
    parse,
    serialize: (s) => JSON.stringify(s),
    storage: () => mem.storage,
  });
  const log: string[] = [];
  store.subscribe(() => log.push('changed'));
  store.onStart((s) => log.push(`start ${s.token}`));
  store.onEnd((r) => log.push(`end ${r}`));
  return { mem, store, log, setMerchant: (m: string | null) => (merchant = m) };
}

describe('a session store', () => {
  it('keeps a session under its key, tells of its start, changes and end, and forgets it', () => {
    const { mem, store, log } = setup();
    expect(store.get()).toBeNull();
    store.start({ token: 't1', name: 'Ali' });
    expect(mem.items.get('dx:a:session')).toBe('{"token":"t1","name":"Ali"}');
    store.replace({ token: 't1', name: 'Ali V.' });
    expect(store.get()?.name).toBe('Ali V.');
    store.end('logout');
    store.end('logout');
    expect(store.get()).toBeNull();
    expect(mem.items.has('dx:a:session')).toBe(false);
    expect(log).toEqual(['changed', 'start t1', 'changed', 'changed', 'end logout']);
  });

  it('reads a stored session once, per key, and a damaged one as none', () => {
    const { mem, store, setMerchant } = setup();
    mem.items.set('dx:a:session', '{"token":"ta","name":"A"}');
    mem.items.set('dx:b:session', 'not json');
    expect(store.get()?.token).toBe('ta');
    mem.items.set('dx:a:session', '{"token":"changed","name":"A"}');
    expect(store.get()?.token).toBe('ta');
    setMerchant('b');
    expect(store.get()).toBeNull();
    setMerchant(null);
    store.start({ token: 'nowhere', name: '' });
    expect(store.get()).toBeNull();
    expect([...mem.items.keys()]).toEqual(['dx:a:session', 'dx:b:session']);
  });

  it('replaces nothing when there is no session', () => {
    const { store, log } = setup();
    store.replace({ token: 'x', name: 'x' });
    expect(store.get()).toBeNull();
    expect(log).toEqual([]);
  });

  it('follows another tab: a login shows, a logout ends the session here too, another key changes nothing', () => {
    const { mem, store, log } = setup();
    expect(store.get()).toBeNull();
    mem.items.set('dx:a:session', '{"token":"other-tab","name":"A"}');
    store.storageChanged('dx:b:session', 'elsewhere');
    expect(store.get()).toBeNull();
    store.storageChanged('dx:a:session', 'elsewhere');
    expect(store.get()?.token).toBe('other-tab');
    mem.items.clear();
    store.storageChanged(null, 'elsewhere');
    expect(store.get()).toBeNull();
    expect(log).toEqual(['changed', 'changed', 'end elsewhere']);
  });

  it('holds the session for the page when the storage throws', () => {
    const { mem, store } = setup();
    mem.state.broken = true;
    expect(store.get()).toBeNull();
    store.start({ token: 't', name: 'n' });
    expect(store.get()?.token).toBe('t');
    store.end('logout');
    expect(store.get()).toBeNull();
  });
});
