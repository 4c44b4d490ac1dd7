import { lazy, type ComponentType } from 'react';
import { RELOAD_GUARD_MS } from './constants.ts';
import { readStored, writeStored } from './storage.ts';

const guardKey = (path: string) => `chunk-reload:${path}`;

/** Spec section 8: reload after a failed chunk load, at most once per path within the guard time. */
export function mayReloadForChunk(lastReloadAt: string | null, now: number, guardMs: number = RELOAD_GUARD_MS): boolean {
  const last = lastReloadAt === null ? NaN : Number(lastReloadAt);
  return !Number.isFinite(last) || now - last > guardMs || now < last;
}

/**
 * A code chunk failed to load, usually because a deployment replaced it. Reloads the page to get
 * the new build, unless this path was already reloaded for that reason a moment ago.
 */
export function reloadForChunkError(): boolean {
  const key = guardKey(location.pathname);
  const now = Date.now();
  if (!mayReloadForChunk(readStored(key, 'session'), now)) return false;
  writeStored(key, String(now), 'session');
  location.reload();
  return true;
}

/** A route page loaded on demand; a failed load reloads once instead of showing a broken screen. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      if (reloadForChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
}

/** Vite reports a failed preload of a chunk's dependencies with this event. */
export function handlePreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
