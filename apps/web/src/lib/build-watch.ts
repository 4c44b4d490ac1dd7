import { VERSION_POLL_MS } from './constants.ts';
import { isUpdatePending, markUpdatePending } from './app-version.ts';

/* Spec section 4, "Version": noticing a newer deployment. Loaded after the first screen (app/start.tsx). */

/** True when `/version.json` names a build other than the running one. */
export function isNewBuild(remote: unknown, runningBuild: string): boolean {
  if (!remote || typeof remote !== 'object') return false;
  const build = (remote as { build?: unknown }).build;
  return typeof build === 'string' && build !== '' && build !== runningBuild;
}

/** Polls `/version.json`: first after 1 s, then every 60 s while the page is visible. */
export function watchForNewBuilds(runningBuild: string = __BUILD_ID__): void {
  if (import.meta.env.DEV || !runningBuild) return;
  const check = async () => {
    if (isUpdatePending() || document.visibilityState === 'hidden') return;
    try {
      const res = await fetch('/version.json', { cache: 'no-store' });
      if (res.ok && isNewBuild(await res.json(), runningBuild)) markUpdatePending();
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
