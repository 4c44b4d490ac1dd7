import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { JsonPart, PageLoad, RenderInput } from '@dasturxon/client/render-contract';
import { STATUS_PATHS, type BootStatus, type UiLanguage } from '@dasturxon/domain';
import { App } from './app/app.tsx';
import { pageMeta } from './app/page-meta.ts';
import { NOT_FOUND, serverPageFor } from './app/server-data.ts';
import { serverTranslators, translateWith, type Messages } from '@dasturxon/i18n';
import { ServerTranslations } from './i18n/i18n.ts';
import { setTransport } from './lib/http.ts';
import { bannersQuery } from './features/home/home.api.ts';
import { branchesQuery } from './shared/catalogue/branches.api.ts';
import { leadingMenu, menuArrangement, menuBlocks, SERVER_DRAWN_PRODUCTS } from './features/menu/menu-layout.ts';
import { overallsQuery, productFromMenu, productQuery } from './shared/catalogue/catalogue.api.ts';
import { hydratePageQueries, newQueryClient, pageQueries } from './shared/query-client.ts';

/*
 * The storefront rendered on the server with React (`vite build --ssr` → dist-ssr/entry-server.js, loaded
 * by apps/api/src/web/render.ts). A guest's page only: no cookie, basket or session is read here; the
 * browser hydrates the page and fills those in. What it takes and answers is @dasturxon/client/render-contract.
 */

/**
 * Every language's compiled catalogue is part of the renderer; each language has one Lingui instance, shared by the
 * renders in it and never switched, so pages rendering at once in different languages never mix.
 */
const CATALOGUES = import.meta.glob<Messages>('./i18n/locales/*.po', { eager: true, import: 'messages' });
const translatorOf = serverTranslators((lang: UiLanguage) => CATALOGUES[`./i18n/locales/${lang}.po`]);

/** Calls made while one page's data is fetched go to that request's API (several pages render at once). */
const api = new AsyncLocalStorage<RenderInput['fetch']>();
setTransport((url, init) => {
  const call = api.getStore();
  return call ? call(url, init) : Promise.reject(new Error(`No API for ${url} outside a server render`));
});

/**
 * Where an answer's own text goes in the queries' JSON. A brand's text cannot stand for one: the API refuses control
 * characters in what it is sent, and the mark carries a part drawn when the server starts.
 */
const SLOT = `\u0000dx-answer-${Math.random().toString(36).slice(2)}:`;
const SLOTS = new RegExp(`"${SLOT.replace('\u0000', '\\\\u0000')}(\\d+)"`, 'g');

/**
 * The dehydrated queries as JSON, in parts. The data of a query that is an API answer's value, as read (a kept menu,
 * shared by every page drawn from it), is that answer's own text: a menu is neither written as JSON nor escaped again
 * for every page. The rest is written with JSON.stringify. Parsed in the browser, the two give the same values.
 */
function queriesJson(state: DehydratedState, jsonOf: RenderInput['jsonOf']): JsonPart[] {
  const texts: string[] = [];
  const slotted = {
    ...state,
    queries: state.queries.map((q) => {
      const data: unknown = q.state.data;
      const text = data && typeof data === 'object' ? jsonOf(data) : undefined;
      if (text === undefined) return q;
      texts.push(text);
      return { ...q, state: { ...q.state, data: `${SLOT}${texts.length - 1}` } };
    }),
  };
  const json = JSON.stringify(slotted);
  const parts: JsonPart[] = [];
  let at = 0;
  for (const m of json.matchAll(SLOTS)) {
    parts.push({ text: json.slice(at, m.index), scriptSafe: false }, { text: texts[Number(m[1])]!, scriptSafe: true });
    at = m.index + m[0].length;
  }
  parts.push({ text: json.slice(at), scriptSafe: false });
  return parts;
}

/** The address the app shows for this state, as the browser's start would move to it (app/start.tsx). */
function locationFor(url: string, status: BootStatus): string {
  const path = url.split('?')[0] ?? '/';
  if (status !== 'ready') return STATUS_PATHS[status];
  if (path === STATUS_PATHS.blocked || path === STATUS_PATHS.unavailable) return '/';
  return url;
}

/**
 * A long menu on the home page travels as its start (`leadingMenu`: the sections the server draws), marked as old
 * (updated at 0), so the browser asks for the whole of it once the page is alive; sending all of a 1,000-product
 * menu inside the page cost more than drawing it (bench/README.md, server rendering).
 */
function sendMenuStart(queryClient: QueryClient, settings: RenderInput['settings']): void {
  const key = overallsQuery('WEB').queryKey;
  const full = queryClient.getQueryData(key);
  if (!full || menuArrangement(settings.categoryView, settings.groupView, menuBlocks(full, settings.groupView)) !== 'all') return;
  const start = leadingMenu(full, settings.groupView, SERVER_DRAWN_PRODUCTS);
  if (start) queryClient.setQueryData(key, start, { updatedAt: 0 });
}

/**
 * Fetches what the page shows, then (through `html()`) renders it. Two steps, so the server can compare the
 * data with the data of a page it keeps and reuse that page when nothing changed.
 */
export async function loadPage(input: RenderInput): Promise<PageLoad> {
  const location = locationFor(input.url, input.status);
  const [pathname = '/', query = ''] = location.split('?');
  const page = input.status === 'ready' ? serverPageFor(pathname) : ({ kind: 'status' } as const);
  if (page.kind === 'client') return { kind: 'client' };
  // A brand that wants a branch chosen first decides '/' from what this browser remembers.
  if (pathname === '/' && input.settings.branchFirstLanding) return { kind: 'client' };

  const queryClient: QueryClient = newQueryClient();

  let complete = true;
  let notFound = page.kind === 'notFound';
  if (page.kind === 'page') {
    const outcome = await api
      .run(input.fetch, () => page.prefetch(queryClient, input.settings, page.params, new URLSearchParams(query)))
      .catch(() => {
        complete = false;
      });
    notFound = outcome === NOT_FOUND;
    if (
      !notFound &&
      queryClient
        .getQueryCache()
        .getAll()
        .some((q) => q.state.status === 'error')
    )
      complete = false;
    if (pathname === '/') sendMenuStart(queryClient, input.settings);
  }
  const dehydrated = pageQueries(queryClient);
  const queries = queriesJson(dehydrated, input.jsonOf);
  // The page is drawn from what the browser will have after `hydrate`: the same queries, in a cache of their own.
  // Their data is the API's JSON as it was read (frozen where it is shared), so reading it back from `queries` would
  // give the same values: that copy, a menu's worth of objects for every page, is not made.
  const drawn = newQueryClient();
  hydratePageQueries(drawn, dehydrated);
  const status = notFound ? 404 : input.status === 'blocked' ? 403 : input.status === 'unavailable' ? 404 : 200;
  const productId = page.kind === 'page' ? page.params.id : undefined;
  const i18n = translatorOf(input.lang);
  const meta = pageMeta({
    route: page.kind === 'page' && !notFound ? page.path : null,
    merchant: input.merchant,
    settings: input.settings,
    lang: input.lang,
    origin: input.origin,
    t: translateWith(i18n),
    menu: drawn.getQueryData(overallsQuery('WEB').queryKey) ?? null,
    product: productId ? (productFromMenu(drawn, 'WEB', productId) ?? drawn.getQueryData(productQuery(productId).queryKey) ?? null) : null,
    branches: drawn.getQueryData(branchesQuery().queryKey) ?? null,
    banners: drawn.getQueryData(bannersQuery().queryKey) ?? null,
  });

  /**
   * The page's markup, whole: it is kept and sent compressed as one document, with every Suspense boundary in place,
   * so no inline script is needed to put them together (the CSP forbids them).
   *
   * Drawn first by React's synchronous renderer, which takes about half the time of the stream. Once every lazy part
   * of a page has loaded (React.lazy keeps what it loaded, and the server draws the same pages over and over), it
   * draws the whole page, the same markup as the stream's. A boundary it could not finish (a part whose code is not
   * loaded yet, or one that failed) it marks as left to the browser (`<!--$!-->`): then the page is drawn again by
   * React's stream, read once everything is ready (`onAllReady`), which waits for the code and reports the failure.
   */
  async function html(): Promise<string> {
    const tree = (
      <ServerTranslations lang={input.lang} i18n={i18n}>
        <App
          boot={{ status: input.status, merchant: input.merchant, settings: input.settings, inTelegram: false, brandSwitcher: false }}
          queryClient={drawn}
          Router={({ children }) => <StaticRouter location={location}>{children}</StaticRouter>}
        />
      </ServerTranslations>
    );
    const quick = renderToString(tree);
    if (!quick.includes('<!--$!-->') && !quick.includes('<!--$?-->')) return quick;
    return new Promise((resolve, reject) => {
      const errors: unknown[] = [];
      const decoder = new TextDecoder();
      let out = '';
      const sink = {
        write(chunk: Uint8Array | string) {
          out += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
          return true;
        },
        end() {
          out += decoder.decode();
          if (errors.length) reject(new AggregateError(errors, `Rendering ${location} failed`));
          else resolve(out);
        },
        on: () => sink,
        destroy: (error?: unknown) => reject(error instanceof Error ? error : new Error(`Rendering ${location} was stopped`)),
      };
      const stream = renderToPipeableStream(tree, {
        // Never outline a large boundary into a later chunk: that needs an inline script, which the page's CSP forbids.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => stream.pipe(sink as unknown as Parameters<typeof stream.pipe>[0]),
        onShellError: reject,
        onError: (error) => void errors.push(error),
      });
    });
  }
  return { kind: 'page', status, queries, complete, meta, html };
}
