/*
 * A session kept in the browser's storage (the storefront's customer, the console's staff member): read once and held,
 * written through, with who listens told of every change, of a start and of an end with its reason. What a session is,
 * where it is kept (the storefront keeps one per merchant) and how it is written are the app's.
 */

export interface SessionStoreOptions<S> {
  /** The storage key of the session now; null: there is nowhere to keep one yet (the merchant is not known). */
  key: () => string | null;
  /** A stored session, or null when the text is missing, damaged, or of another shape. */
  parse: (text: string | null) => S | null;
  serialize: (session: S) => string;
  /** Where it is kept; `localStorage` unless given. A storage that throws (some webviews, private modes) keeps nothing. */
  storage?: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export interface SessionStore<S, R extends string> {
  /** The session, or null for none. */
  get(): S | null;
  /** After a login: kept, and the start listeners told. */
  start(session: S): void;
  /** A newer copy of the same session (the user as the server answered it); nothing when there is none. */
  replace(session: S): void;
  /** Forgets the session and tells every end listener why; nothing when there is none. */
  end(reason: R): void;
  /** Called with each session ended. Returns the unsubscribe. */
  onEnd(listener: (reason: R) => void): () => void;
  /** Called after each login. Returns the unsubscribe. */
  onStart(listener: (session: S) => void): () => void;
  /** Called on every change (for `useSyncExternalStore`). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Another tab wrote the storage (`event.key`, null for a clear): the session is read again, the listeners told, and a
   * session that went away ends here too, for `reason`.
   */
  storageChanged(key: string | null, reason: R): void;
}

export function createSessionStore<S, R extends string>(options: SessionStoreOptions<S>): SessionStore<S, R> {
  const storage = options.storage ?? (() => localStorage);
  let cache: { key: string; session: S | null } | null = null;
  const listeners = new Set<() => void>();
  const endListeners = new Set<(reason: R) => void>();
  const startListeners = new Set<(session: S) => void>();

  const read = (key: string): string | null => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  };
  function current(): S | null {
    const key = options.key();
    if (key === null) return null;
    if (cache?.key !== key) cache = { key, session: options.parse(read(key)) };
    return cache.session;
  }
  function put(session: S | null): void {
    const key = options.key();
    if (key === null) return;
    cache = { key, session };
    try {
      if (session) storage().setItem(key, options.serialize(session));
      else storage().removeItem(key);
    } catch {
      // Full or forbidden storage: the session is held for this page only.
    }
    for (const l of listeners) l();
  }
  const listen = <L>(set: Set<L>, listener: L) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  return {
    get: current,
    start(session) {
      put(session);
      for (const l of startListeners) l(session);
    },
    replace(session) {
      if (current()) put(session);
    },
    end(reason) {
      if (!current()) return;
      put(null);
      for (const l of endListeners) l(reason);
    },
    onEnd: (listener) => listen(endListeners, listener),
    onStart: (listener) => listen(startListeners, listener),
    subscribe: (listener) => listen(listeners, listener),
    storageChanged(changed, reason) {
      const key = options.key();
      if (key === null || (changed !== null && changed !== key)) return;
      const before = cache?.key === key ? cache.session : null;
      cache = null;
      const after = current();
      for (const l of listeners) l();
      if (before && !after) for (const l of endListeners) l(reason);
    },
  };
}
