import type { BootStatus, ErrorBody, FirstPicture, Merchant, MerchantSettings, UiLanguage } from '@dasturxon/domain';

/*
 * The server-rendering contract: what the API's renderer (apps/api/src/web/render.ts, storefront.ts) hands the
 * storefront's built server entry (apps/web/src/entry-server.tsx → dist-ssr/entry-server.js, loaded at run time) and
 * what it answers. Both sides import these types from here; nothing in this module exists at run time, so the API
 * takes it with `import type` only and the build boundary stays where it is.
 */

/**
 * What a call of the storefront reads of an answer: a fetch Response has it, and so has the server's in-process answer
 * (render.ts `InProcessAnswer`), which may also hand over a JSON body already read, shared and frozen: the pages drawn
 * within a couple of seconds read the same menu, and parsing a 1,000-product one cost more than drawing it.
 */
export interface Answer {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  readonly parsed?: () => unknown;
}

/** The API as the renderer calls it: in the server's own process, answering exactly as over HTTP, for the page's brand. */
export type RenderFetch = (url: string, init: RequestInit) => Promise<Answer>;

/** What search engines and link previews read of a page (apps/web/src/app/page-meta.ts computes it; apps/api/src/web/seo.ts writes the tags). */
export interface PageMeta {
  title: string;
  description: string;
  /** An absolute address of the preview picture. */
  image: string | null;
  /** Open Graph type. */
  type: 'website' | 'product';
  /** Pages that are no answer to a search (a search itself, an error, a blocked brand) ask not to be listed. */
  noindex: boolean;
  jsonLd: Record<string, unknown>[];
  /** What the head asks for before anything else: the home page's first banner, a product page's picture. */
  firstPicture: FirstPicture | null;
}

/** What the built renderer takes. */
export interface RenderInput {
  /** Path and query of the address. */
  url: string;
  status: BootStatus;
  merchant: Merchant | null;
  settings: MerchantSettings;
  lang: UiLanguage;
  /** `https://host` of the request: the brand's own addresses in the page's canonical and schema.org data. */
  origin: string;
  fetch: RenderFetch;
  /** The JSON text, safe inside a script element, of a value an API answer was read into (shared between pages); else undefined. */
  jsonOf: (value: object) => string | undefined;
}

/** Part of a page's queries as JSON: text the renderer wrote, or a kept answer's own text (already safe inside a script element). */
export interface JsonPart {
  text: string;
  scriptSafe: boolean;
}

/** What the renderer answers. */
export type PageLoad =
  /** The customer's own page (basket, profile, …): the browser renders it. */
  | { kind: 'client' }
  | {
      kind: 'page';
      status: number;
      /**
       * The query cache the page renders from, dehydrated, as JSON in parts: they go into the page as they are, for the
       * browser's `hydrate` (the merchant and settings travel apart).
       */
      queries: readonly JsonPart[];
      /** False when some data could not be fetched: the page is sent but not kept. */
      complete: boolean;
      meta: PageMeta;
      /** Renders the page's body with React from the data loaded. */
      html: () => Promise<string>;
    };

/**
 * What the server writes into every storefront page for the browser's start (`<script id="dx-boot"
 * type="application/json">`, apps/api/src/web/storefront.ts; read by apps/web/src/shared/merchant/boot.ts): the merchant
 * the host names, or why there is none, saving the browser two round trips.
 */
export interface BootData<Queries = never> {
  merchant: Merchant | null;
  settings: MerchantSettings | null;
  error: ErrorBody | null;
  /** The page was rendered on the server from these queries (`PageLoad` `queries`), in this language: the browser hydrates it. */
  queries?: Queries;
  lang?: UiLanguage;
  /** The development brand switcher answers here (`/users/v1/merchants/development`). */
  brandSwitcher?: boolean;
}

/** The built server entry, as the API imports it. */
export interface RendererModule {
  loadPage(input: RenderInput): Promise<PageLoad>;
}
