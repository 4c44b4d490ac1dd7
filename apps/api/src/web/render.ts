import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlib, gunzip, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { MERCHANT_HEADER, type UiLanguage } from '@dasturxon/domain';
import type { RendererModule } from '@dasturxon/client/render-contract';
import { scriptSafe } from './seo.ts';

/*
 * The storefront's pages rendered on the server with React. The renderer is the storefront's own code,
 * built by `vite build --ssr` into apps/web/dist-ssr/entry-server.js (apps/web/src/entry-server.tsx); this
 * module loads it, gives it the API in process, and keeps the pages it renders for guests. What passes between the
 * two (`RenderInput`, `PageLoad`) is @dasturxon/client/render-contract, taken as types only.
 */

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
  /** What the answer says, as a hash of its status and body, taken once (`answersVersion`). */
  digest?: string;
}

/**
 * The body of each kept answer's shared JSON value, as text that can sit inside a script element: a page's queries
 * are written around it (entry-server.tsx), so a menu read from a kept answer is neither written as JSON nor escaped
 * again for every page. Made once per value, when a page first asks for it.
 */
const scriptJson = new WeakMap<object, { source: string; safe?: string }>();

/** The script-safe JSON of a kept answer's value, or undefined for any other value. */
export function scriptJsonOf(value: object): string | undefined {
  const known = scriptJson.get(value);
  if (!known) return undefined;
  return (known.safe ??= scriptSafe(known.source));
}

/** A kept answer's body, read once and frozen; remembered with its text (`scriptJsonOf`). */
function valueOf(kept: KeptAnswer): unknown {
  if (kept.value === undefined) {
    kept.value = deepFreeze(JSON.parse(kept.text));
    if (kept.value && typeof kept.value === 'object') scriptJson.set(kept.value, { source: kept.text });
  }
  return kept.value;
}

const digestOf = (status: number, text: string): string =>
  createHash('sha256').update(`${status}\n`).update(text).digest('base64url').slice(0, 22);

/**
 * The answers a page was drawn from, one line each (the address asked and what it answered), as `inProcessFetch`
 * hands them out: the page's data version (`answersVersion`).
 */
export type AnswerLog = string[];

/**
 * The version of a page's data: the answers it was drawn from. The page is drawn from nothing else besides its address,
 * language and brand (the page cache's key) and the brand's settings (storefront.ts adds those), so equal answers draw an
 * equal page. A kept answer's hash is taken once and serves every page drawn from it, so the version costs nothing per
 * page: hashing the page's own data (a few hundred kilobytes for a menu) cost a millisecond of every uncached page.
 */
export function answersVersion(log: AnswerLog): string {
  return createHash('sha256')
    .update([...log].sort().join('\n'))
    .digest('base64url')
    .slice(0, 22);
}

/** Freezes a value read from JSON all the way down, so no page can change what the next one is drawn from. */
function deepFreeze(value: unknown): unknown {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * From this age a kept answer that a page uses is fetched again, off the page's path: the pages that follow go on
 * drawing from it while it is renewed, and find the new one before the old one's PAGE_FRESH_MS is up. Renewed
 * all at once on the page that found them stale, the menu, branches, banners and stories cost that one page about
 * 20 ms more (PGlite's queries run on the server's own thread); renewed one at a time in the background, each
 * shares the time of the pages around it.
 */
export const ANSWER_RENEW_MS = 1_000;

export function createAnswerMemo(now: () => number, maxAnswers = 500) {
  const answers = new Map<string, KeptAnswer>();
  const renewing = new WeakSet<KeptAnswer>();
  /** Renewals, one after the other. */
  let renewals: Promise<void> = Promise.resolve();
  function set(key: string, answer: KeptAnswer): void {
    const before = answers.get(key);
    // The same answer again: its JSON and hash are still good, and pages keep sharing them.
    if (before && before.status === answer.status && before.text === answer.text) {
      answer.value ??= before.value;
      answer.digest ??= before.digest;
    }
    answers.delete(key);
    answers.set(key, answer);
    while (answers.size > maxAnswers) answers.delete(answers.keys().next().value!);
  }
  return {
    get(key: string): KeptAnswer | undefined {
      const kept = answers.get(key);
      const t = now();
      if (!kept || t < kept.at || t - kept.at >= PAGE_FRESH_MS) return undefined;
      return kept;
    },
    set,
    /**
     * Fetches a kept answer again in the background once it is ANSWER_RENEW_MS old (once per answer, after the
     * renewals already asked for). A failed or refused fetch leaves the kept answer to run out.
     */
    renew(key: string, kept: KeptAnswer, fetchAgain: () => Promise<KeptAnswer>): void {
      if (renewing.has(kept) || now() - kept.at < ANSWER_RENEW_MS) return;
      renewing.add(kept);
      renewals = renewals.then(fetchAgain).then(
        (answer) => {
          if (answer.status === 200 && answers.get(key) === kept) set(key, answer);
        },
        () => undefined,
      );
    },
    /** Settles when the renewals asked for so far have (tests). */
    settled: (): Promise<void> => renewals,
  };
}
export type AnswerMemo = ReturnType<typeof createAnswerMemo>;

/**
 * An answer of the API in process: what the renderer's calls read of a fetch Response (render contract `Answer`),
 * with the body already text, and a kept answer's JSON read once for every page drawn from it. A
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
    if (kept && headers.get('content-type')?.includes('json')) this.parsed = () => valueOf(kept);
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

/**
 * The API answering the renderer's calls in process, as the brand: the same answers as over HTTP, without a socket.
 * With a `log`, each answer handed out is written down in it (`answersVersion`).
 */
export function inProcessFetch(app: FastifyInstance, merchantId: string | null, memo?: AnswerMemo, log?: AnswerLog) {
  return async (url: string, init: RequestInit): Promise<InProcessAnswer> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const asked = new Headers(init.headers);
    const ask = async (): Promise<KeptAnswer> => {
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
      return { at: app.clock.now().getTime(), status: res.statusCode, headers: out, text };
    };
    /** The answer handed out, in the page's log (`answersVersion`); a kept answer's hash is taken once. */
    const record = (answer: KeptAnswer) => log?.push(`${method} ${url} ${(answer.digest ??= digestOf(answer.status, answer.text))}`);
    const memoKey = memo && method === 'GET' && !init.body ? `${merchantId ?? '-'} ${url} ${asked.get('accept-language') ?? ''}` : null;
    const kept = memoKey ? memo!.get(memoKey) : undefined;
    if (kept) {
      memo!.renew(memoKey!, kept, ask);
      record(kept);
      return new InProcessAnswer(kept.status, kept.headers, kept.text, kept);
    }
    const answer = await ask();
    record(answer);
    if (memoKey && answer.status === 200) {
      memo!.set(memoKey, answer);
      return new InProcessAnswer(200, answer.headers, answer.text, answer);
    }
    return new InProcessAnswer(answer.status, answer.headers, answer.text);
  };
}

/**
 * A page as it is kept: compressed only. Its plain bytes are six to nine times larger, and every kept page's bytes
 * are memory outside the JavaScript heap that V8 counts: each 64 MB more of it sets off a collection of the whole
 * heap, so keeping them would cost every uncached page a share of those pauses (bench/README.md). The few clients that
 * take no compression get the bytes unpacked again (`plainOf`).
 */
export interface CachedPage {
  status: number;
  etag: string;
  /** Null when not made yet: a page drawn for one visitor is compressed only as that visitor asked. One of the two is always there. */
  br: Buffer | null;
  gzip: Buffer | null;
  compression: Compression;
  dataVersion: string;
  checkedAt: number;
}

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);

/**
 * How hard a page is compressed: `quick` for the visitor waiting on a page just drawn (brotli 4 or gzip 6,
 * only the one asked for), `best` for a page sent again (brotli 9 and gzip 9, both), made in the background
 * on its first reuse (storefront.ts): a page asked for once never pays for it.
 */
export type Compression = 'quick' | 'best';
export type Encoding = 'br' | 'gzip';

const encoder = new TextEncoder();

/**
 * A page's bytes from its parts, each written as it is: joined as text first, a page of a few hundred kilobytes would be
 * copied once more into one string (and that copy, in two bytes a character for a page in Cyrillic, kept by the heap).
 */
export function pageBytesOf(parts: readonly string[]): Buffer {
  // Written straight into one buffer of the page's size: a buffer per part, then joined, would allocate the page twice
  // outside the heap, and V8 collects the whole heap for every few dozen megabytes of that.
  const out = Buffer.allocUnsafeSlow(parts.reduce((n, part) => n + Buffer.byteLength(part, 'utf8'), 0));
  let at = 0;
  for (const part of parts) at += encoder.encodeInto(part, out.subarray(at)).written;
  // Never a byte left unwritten (`allocUnsafeSlow` leaves memory as it was), whatever the two counts say.
  return at === out.length ? out : out.subarray(0, at);
}

/**
 * A compressor's answer in a buffer of its own size: its output chunk is as large as the page, and the answer, a view
 * of it, would keep all of it for as long as the page is kept.
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) return view;
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/** A page's bytes as they will be sent, compressed once: served after that like a file. Without `asked`, kept as brotli. */
export async function cachedPage(
  status: number,
  raw: Buffer,
  version: string,
  now: number,
  compression: Compression,
  asked: Encoding | null = null,
): Promise<CachedPage> {
  const best = compression === 'best';
  const chunkSize = Math.max(64 * 1024, raw.length);
  const [br, gz] = await Promise.all([
    // One output chunk for the whole page: the default 16 KB ones each cost a turn of the event loop.
    best || asked !== 'gzip'
      ? brotli(raw, { chunkSize, params: { [zlib.BROTLI_PARAM_QUALITY]: best ? 9 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : null,
    best || asked === 'gzip' ? gzipAsync(raw, { chunkSize, level: best ? 9 : 6 }) : null,
  ]);
  const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
  return { status, etag, br: br && ownBytes(br), gzip: gz && ownBytes(gz), compression, dataVersion: version, checkedAt: now };
}

/** A kept page's plain bytes, unpacked from what it keeps. */
export function plainOf(page: CachedPage): Promise<Buffer> {
  return page.br ? unbrotli(page.br) : gunzipAsync(page.gzip!);
}

/** Within this age a kept page is sent without asking whether its data changed (the menu's own cache is as fresh). */
export const PAGE_FRESH_MS = 2_000;
const MAX_PAGES = 2_000;

/** What a kept page holds in memory: its compressed copies. */
export const pageBytes = (page: CachedPage): number => (page.br?.length ?? 0) + (page.gzip?.length ?? 0);

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
