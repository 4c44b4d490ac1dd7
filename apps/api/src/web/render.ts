import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { MERCHANT_HEADER, type BootStatus, type Merchant, type MerchantSettings, type UiLanguage } from '@dasturxon/domain';
import type { PageMeta } from './seo.ts';

/*
 * The storefront's pages rendered on the server with React. The renderer is the storefront's own code,
 * built by `vite build --ssr` into apps/web/dist-ssr/entry-server.js (apps/web/src/entry-server.tsx); this
 * module loads it, gives it the API in process, and keeps the pages it renders for guests.
 */

/** What the built renderer takes (apps/web/src/entry-server.tsx `RenderInput`). */
export interface RenderInput {
  url: string;
  status: BootStatus;
  merchant: Merchant | null;
  settings: MerchantSettings;
  lang: UiLanguage;
  /** `https://host` of the request: the brand's own addresses in the page's canonical and schema.org data. */
  origin: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

/** What it answers (apps/web/src/entry-server.tsx `PageLoad`). */
export type PageLoad =
  | { kind: 'client' }
  | {
      kind: 'page';
      status: number;
      queries: { queries: { queryHash: string; state: { data: unknown } }[] };
      complete: boolean;
      meta: PageMeta;
      html: () => Promise<string>;
    };

interface RendererModule {
  loadPage(input: RenderInput): Promise<PageLoad>;
}

/** The renderer of a build, or null when the storefront was built without it (the browser then renders everything). */
export async function loadRenderer(ssrDist: string): Promise<RendererModule | null> {
  const entry = join(ssrDist, 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as RendererModule;
}

/** An API answer kept for pages drawn within PAGE_FRESH_MS of each other: status, headers and body. */
interface KeptAnswer {
  at: number;
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/**
 * The API's guest answers (GET, 200) as the renderer asked for them, per brand and address, for PAGE_FRESH_MS:
 * pages drawn close together (a crawler walking the products, a burst of new addresses) share one fetch of the
 * menu, branches and banners, as fresh as a kept page is. Bounded; the oldest answers go first.
 */
export function createAnswerMemo(now: () => number, maxAnswers = 500) {
  const answers = new Map<string, KeptAnswer>();
  return {
    get(key: string): KeptAnswer | undefined {
      const kept = answers.get(key);
      const t = now();
      if (!kept || t < kept.at || t - kept.at >= PAGE_FRESH_MS) return undefined;
      return kept;
    },
    set(key: string, answer: KeptAnswer): void {
      answers.delete(key);
      answers.set(key, answer);
      while (answers.size > maxAnswers) answers.delete(answers.keys().next().value!);
    },
  };
}
export type AnswerMemo = ReturnType<typeof createAnswerMemo>;

/** The API answering the renderer's calls in process, as the brand: the same answers as over HTTP, without a socket. */
export function inProcessFetch(app: FastifyInstance, merchantId: string | null, memo?: AnswerMemo) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const memoKey = memo && method === 'GET' && !init.body ? `${merchantId ?? '-'} ${url} ${new Headers(init.headers).get('accept-language') ?? ''}` : null;
    const kept = memoKey ? memo!.get(memoKey) : undefined;
    if (kept) return new Response(kept.body, { status: kept.status, headers: kept.headers });
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    if (merchantId) headers[MERCHANT_HEADER.toLowerCase()] = merchantId;
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const out: [string, string][] = [];
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.push([key, String(v)]);
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    if (memoKey && res.statusCode === 200) memo!.set(memoKey, { at: app.clock.now().getTime(), status: 200, headers: out, body: res.rawPayload });
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}

/** The data a page was rendered from, without the times it was fetched at: equal data, equal version. */
export function dataVersion(load: Extract<PageLoad, { kind: 'page' }>): string {
  const hash = createHash('sha256');
  for (const q of load.queries.queries) hash.update(q.queryHash).update('\0').update(JSON.stringify(q.state.data) ?? '').update('\0');
  return hash.digest('base64url').slice(0, 22);
}

export interface CachedPage {
  status: number;
  etag: string;
  html: string;
  /** Null when not made yet: a page drawn for one visitor is compressed only as that visitor asked. */
  br: Buffer | null;
  gzip: Buffer | null;
  compression: Compression;
  dataVersion: string;
  checkedAt: number;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard a page is compressed: `quick` for the visitor waiting on a page just drawn (brotli 5 or gzip 6,
 * only the one asked for), `best` for a page sent again (brotli 9 and gzip 9, both), made in the background
 * on its first reuse (storefront.ts): a page asked for once never pays for it.
 */
export type Compression = 'quick' | 'best';
export type Encoding = 'br' | 'gzip';

/** A page as it will be sent, compressed once: served after that like a file. */
export async function cachedPage(status: number, html: string, version: string, now: number, compression: Compression, asked: Encoding | null = null): Promise<CachedPage> {
  const raw = Buffer.from(html);
  const best = compression === 'best';
  const [br, gz] = await Promise.all([
    best || asked === 'br' ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: best ? 9 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : null,
    best || asked === 'gzip' ? gzipAsync(raw, { level: best ? 9 : 6 }) : null,
  ]);
  const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
  return { status, etag, html, br, gzip: gz, compression, dataVersion: version, checkedAt: now };
}

/** Within this age a kept page is sent without asking whether its data changed (the menu's own cache is as fresh). */
export const PAGE_FRESH_MS = 2_000;
const MAX_PAGES = 2_000;

/** What a kept page holds in memory: its text (two bytes a character at most) and its compressed copies. */
export const pageBytes = (page: CachedPage): number => page.html.length * 2 + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);

/**
 * Pages kept per brand, language and address. A kept page older than PAGE_FRESH_MS is checked by fetching
 * its data again (from the services' own caches) and comparing versions: the brand's menu, settings,
 * banners or texts changing give a new page; nothing changing keeps the page, its ETag and compression.
 *
 * Bounded by count and by bytes (`PAGE_CACHE_MB`): every address is a page of its own (`?utm_source=…` too),
 * so a crawler inventing addresses could otherwise keep a few hundred kilobytes per address; the least recently
 * used go first.
 */
export function createPageCache(maxPages = MAX_PAGES, maxBytes = Infinity) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= pageBytes(page);
  };
  const put = (key: string, page: CachedPage) => {
    drop(key);
    pages.set(key, page);
    bytes += pageBytes(page);
    while (pages.size > maxPages || (bytes > maxBytes && pages.size > 0)) drop(pages.keys().next().value!);
  };
  return {
    key: (merchantId: string, lang: UiLanguage, url: string) => `${merchantId}\n${lang}\n${url}`,
    get(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (page) {
        // Least recently used goes first: a hit moves the page to the end.
        pages.delete(key);
        pages.set(key, page);
      }
      return page;
    },
    set: put,
    /** Puts `next` in the place of `kept`, unless the key meanwhile holds another page (or none). */
    replace(key: string, kept: CachedPage, next: CachedPage): void {
      if (pages.get(key) === kept) put(key, { ...next, checkedAt: kept.checkedAt });
    },
    get size() {
      return pages.size;
    },
    get bytes() {
      return bytes;
    },
    clear: () => {
      pages.clear();
      bytes = 0;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
