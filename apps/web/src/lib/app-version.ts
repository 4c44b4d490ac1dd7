import { APP_VERSION } from '@dasturxon/domain';
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

let updatePending = false;
/** A newer build was deployed: the next navigation loads it instead of running stale code. */
export const isUpdatePending = (): boolean => updatePending;
/** Said by the build watch (build-watch.ts), which arrives after the first screen. */
export const markUpdatePending = (): void => {
  updatePending = true;
};
