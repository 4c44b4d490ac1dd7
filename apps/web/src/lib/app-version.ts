import { APP_VERSION, VERSION_POLL_MS } from '@dasturxon/domain';
import { clearStorages, readStored, writeStored } from './storage.ts';

export const VERSION_KEY = 'app-version';

/** What a stored version means for this start: first visit, same version, or an older (or newer) client's data. */
export function compareStoredVersion(stored: string | null, current: string): 'first' | 'same' | 'changed' {
  if (stored === null) return 'first';
  return stored === current ? 'same' : 'changed';
}

/**
 * Spec section 4, "Version": data stored by another version is cleared (only the new version is
 * kept) and the page reloads once. Returns true when a reload is under way.
 */
export function enforceAppVersion(): boolean {
  const verdict = compareStoredVersion(readStored(VERSION_KEY), APP_VERSION);
  if (verdict === 'same') return false;
  if (verdict === 'first') {
    writeStored(VERSION_KEY, APP_VERSION);
    return false;
  }
  clearStorages();
  writeStored(VERSION_KEY, APP_VERSION);
  // The stored version now matches, so the reloaded page goes on: one reload, never a loop.
  if (readStored(VERSION_KEY) !== APP_VERSION) return false;
  location.reload();
  return true;
}

/** True when `/version.json` names a build other than the running one. */
export function isNewBuild(remote: unknown, runningBuild: string): boolean {
  if (!remote || typeof remote !== 'object') return false;
  const build = (remote as { build?: unknown }).build;
  return typeof build === 'string' && build !== '' && build !== runningBuild;
}

let updatePending = false;
/** A newer build was deployed: the next navigation loads it instead of running stale code. */
export const isUpdatePending = (): boolean => updatePending;

/** Polls `/version.json`: first after 1 s, then every 60 s while the page is visible. */
export function watchForNewBuilds(runningBuild: string = __BUILD_ID__): void {
  if (import.meta.env.DEV || !runningBuild) return;
  const check = async () => {
    if (updatePending || document.visibilityState === 'hidden') return;
    try {
      const res = await fetch('/version.json', { cache: 'no-store' });
      if (res.ok && isNewBuild(await res.json(), runningBuild)) updatePending = true;
    } catch {
      // Offline or a half-deployed server: ask again at the next tick.
    }
  };
  setTimeout(() => {
    void check();
    setInterval(() => void check(), VERSION_POLL_MS);
  }, 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
}
