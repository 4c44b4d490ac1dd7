/// <reference lib="webworker" />
/*
 * The storefront's service worker (docs/decisions/018-offline-app.md), built by apps/web/vite.config.ts into dist/sw.js.
 * It keeps what the customer has already seen (pages, the menu's answers, pictures, the app's files) and the offline
 * page, and answers from them when the network is gone. Only GETs are handled: an order, a payment or any other
 * call that changes something goes straight to the network and is never kept or sent again by this worker.
 * One origin is one brand (the brand is recognised by its host), so the caches are the brand's own.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;
/** The current build's first-screen files and the offline page's code (paths under /), written in at build time. */
declare const __SHELL_FILES__: string[];
declare const __BUILD_ID__: string;

const OFFLINE = '/offline';
const SHELL = `dx-shell-${__BUILD_ID__}`;
const DAY = 86_400;
const ok = new CacheableResponsePlugin({ statuses: [200] });
// The server varies pages on Cookie and Accept-Encoding, headers a worker never sees: matching ignores them.
const matchOptions = { ignoreVary: true };

/** The storefront's reads of the menu and the brand that a page already seen needs to draw again. */
const KEPT_READS = [
  /^\/api\/products\/v1\/overalls/,
  /^\/api\/users\/v1\/merchants\/current/,
  /^\/api\/orders\/v1\/merchant\/settings/,
  /^\/api\/users\/v1\/branches/,
  /^\/api\/support\/v1\/banner/,
  /^\/api\/notifications\/v2\/stories/,
];

self.addEventListener('install', (event) => {
  // The offline page (the brand's, in the customer's language: asked with their cookies) and the app's first screen.
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll([OFFLINE, ...__SHELL_FILES__]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('dx-shell-') && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const pages = new NetworkFirst({
  cacheName: 'dx-pages',
  networkTimeoutSeconds: 6,
  matchOptions,
  plugins: [ok, new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * DAY })],
});

// Pages: the network first; a page seen before when it does not answer; else our offline page, never the browser's.
// The console (/ops) is another app and keeps to the network.
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        const url = new URL(options.request.url);
        if (url.pathname === OFFLINE) return (await caches.match(OFFLINE, { cacheName: SHELL, ignoreSearch: true })) ?? Response.error();
        return Response.redirect(`${OFFLINE}?from=${encodeURIComponent(url.pathname + url.search)}`, 302);
      }
    },
    { denylist: [/^\/ops(\/|$)/, /^\/api\//, /^\/media\//] },
  ),
);

// The app's files are hashed and never change: the first screen's from the install, the others kept as they arrive.
const assets = new CacheFirst({
  cacheName: 'dx-assets',
  plugins: [ok, new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * DAY })],
});
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  async (options) => (await caches.match(options.request, { cacheName: SHELL })) ?? assets.handle(options),
);

// Pictures already seen: shown at once, refreshed behind (a placeholder answered today becomes the photo tomorrow).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
  new StaleWhileRevalidate({
    cacheName: 'dx-media',
    plugins: [ok, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY })],
  }),
);

// The menu's and the brand's reads: fresh when the network answers, the last answer when it does not.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && KEPT_READS.some((path) => path.test(url.pathname)),
  new NetworkFirst({
    cacheName: 'dx-reads',
    networkTimeoutSeconds: 6,
    matchOptions,
    plugins: [ok, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY })],
  }),
);
