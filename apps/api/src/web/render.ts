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
  fetch: (url: string, init: RequestInit) => Promise<InProcessAnswer>;
}

/** What it answers (apps/web/src/entry-server.tsx `PageLoad`). */
export type PageLoad =
  | { kind: 'client' }
  | {
      kind: 'page';
      status: number;
      /** The query cache the page was drawn from, dehydrated, as JSON: it goes into the page as it is. */
      queries: string;
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

/** An API answer kept for pages drawn within PAGE_FRESH_MS of each other: status, headers and body, decoded once. */
interface KeptAnswer {
  at: number;
  status: number;
  headers: Headers;
  text: string;
  /** The JSON body, read once when first asked for and frozen: every page drawn from it shares it. */
  value?: unknown;
}

/** Freezes a value read from JSON all the way down, so no page can change what the next one is drawn from. */
function deepFreeze(value: unknown): unknown {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

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

/**
 * An answer of the API in process: what the renderer's calls read of a fetch Response (apps/web/src/lib/http.ts
 * `Answer`), with the body already text, and a kept answer's JSON read once for every page drawn from it. A
 * Response would stream, decode and parse a kept menu again for every page.
 */
export class InProcessAnswer {
  readonly parsed?: () => unknown;
  constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly body: string,
    kept?: KeptAnswer,
  ) {
    // Only a kept answer is worth sharing; a JSON one only (readBody asks for nothing else).
    if (kept && headers.get('content-type')?.includes('json')) this.parsed = () => (kept.value ??= deepFreeze(JSON.parse(kept.text)));
  }
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  async text(): Promise<string> {
    return this.body;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body);
  }
}

/** The API answering the renderer's calls in process, as the brand: the same answers as over HTTP, without a socket. */
export function inProcessFetch(app: FastifyInstance, merchantId: string | null, memo?: AnswerMemo) {
  return async (url: string, init: RequestInit): Promise<InProcessAnswer> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const asked = new Headers(init.headers);
    const memoKey = memo && method === 'GET' && !init.body ? `${merchantId ?? '-'} ${url} ${asked.get('accept-language') ?? ''}` : null;
    const kept = memoKey ? memo!.get(memoKey) : undefined;
    if (kept) return new InProcessAnswer(kept.status, kept.headers, kept.text, kept);
    const headers: Record<string, string> = {};
    asked.forEach((value, key) => {
      headers[key] = value;
    });
    if (merchantId) headers[MERCHANT_HEADER.toLowerCase()] = merchantId;
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    const text = res.statusCode === 204 || res.statusCode === 304 ? '' : res.payload;
    if (memoKey && res.statusCode === 200) {
      const answer: KeptAnswer = { at: app.clock.now().getTime(), status: 200, headers: out, text };
      memo!.set(memoKey, answer);
      return new InProcessAnswer(200, out, text, answer);
    }
    return new InProcessAnswer(res.statusCode, out, text);
  };
}

/** Times in a dehydrated query: when its data was fetched, not what it is. */
const FETCH_TIMES = /"(?:dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g;

/** The data a page was rendered from, without the times it was fetched at: equal data, equal version. */
export function dataVersion(load: Extract<PageLoad, { kind: 'page' }>): string {
  return createHash('sha256').update(utf8(load.queries.replace(FETCH_TIMES, ''))).digest('base64url').slice(0, 22);
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
 * How hard a page is compressed: `quick` for the visitor waiting on a page just drawn (brotli 4 or gzip 6,
 * only the one asked for), `best` for a page sent again (brotli 9 and gzip 9, both), made in the background
 * on its first reuse (storefront.ts): a page asked for once never pays for it.
 */
export type Compression = 'quick' | 'best';
export type Encoding = 'br' | 'gzip';

const encoder = new TextEncoder();
/** The page's bytes: TextEncoder writes a page in non-Latin script about four times as fast as Buffer.from on Node 20. */
function utf8(text: string): Buffer {
  const bytes = encoder.encode(text);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A page as it will be sent, compressed once: served after that like a file. */
export async function cachedPage(status: number, html: string, version: string, now: number, compression: Compression, asked: Encoding | null = null): Promise<CachedPage> {
  const raw = utf8(html);
  const best = compression === 'best';
  const chunkSize = Math.max(64 * 1024, raw.length);
  const [br, gz] = await Promise.all([
    // One output chunk for the whole page: the default 16 KB ones each cost a turn of the event loop.
    best || asked === 'br' ? brotli(raw, { chunkSize, params: { [zlib.BROTLI_PARAM_QUALITY]: best ? 9 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : null,
    best || asked === 'gzip' ? gzipAsync(raw, { chunkSize, level: best ? 9 : 6 }) : null,
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
