/**
 * The offline app's service worker (docs/decisions/018-offline-app.md): registered at the first quiet moment after the
 * page has loaded, so it never competes with the first screen; only in a build (the worker is made by `vite build`).
 */
export function registerOfflineApp(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
