import { ANALYTICS_SCRIPT, analyticsTags, type AnalyticsSettings, type AnalyticsTag } from '@dasturxon/domain';
import { setAnalyticsHandler } from './events.ts';

/*
 * The brand's analytics and CRM tools on the storefront (issue 31, docs/storefront-features.md "Analytics and CRM"):
 * Yandex Metrica, Meta Pixel, Google Tag Manager and the amoCRM widget, each only where the brand's flag and id say
 * (packages/domain analytics.ts, the same list the server's per-brand CSP lets in). Nothing is loaded on the first
 * screen's critical path: the scripts are asked for after the visitor's first interaction, or once the page has been
 * idle for IDLE_MS after loading. A brand with none of them costs nothing but this small module. The staff console
 * never imports it. Events ("add to basket", "order placed") go to each tool in the form it expects.
 */

type Queue = ((...args: unknown[]) => void) & { a?: unknown[]; q?: unknown[]; l?: number };
interface FbQueue {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: FbQueue;
  loaded: boolean;
  version: string;
}
interface AnalyticsWindow {
  ym?: Queue;
  fbq?: FbQueue;
  _fbq?: FbQueue;
  dataLayer?: unknown[];
  amoSocialButton?: Queue;
  amo_social_button?: Record<string, unknown>;
}

/** How long a page that nobody touches waits before loading the tools anyway. */
export const IDLE_MS = 8000;
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

let tags: AnalyticsTag[] = [];
let started = false;
/** The brands' prices are in Uzbek sum (packages/domain money.ts). */
const currency = 'UZS';
let pageLanguage = 'ru';

const win = () => window as unknown as AnalyticsWindow;

function addScript(src: string, id: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.id = id;
  document.head.appendChild(script);
}

function load(tag: AnalyticsTag, language: string): void {
  const w = win();
  switch (tag.tool) {
    case 'yandexMetrica': {
      const ym: Queue =
        w.ym ??
        function (...args: unknown[]) {
          (ym.a = ym.a ?? []).push(args);
        };
      ym.l = Date.now();
      w.ym = ym;
      w.dataLayer = w.dataLayer ?? [];
      ym(Number(tag.id), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, ecommerce: 'dataLayer' });
      break;
    }
    case 'metaPixel': {
      if (!w.fbq) {
        const fbq = function (...args: unknown[]) {
          if (fbq.callMethod) fbq.callMethod(...args);
          else fbq.queue.push(args);
        } as FbQueue;
        fbq.push = fbq;
        fbq.loaded = true;
        fbq.version = '2.0';
        fbq.queue = [];
        w.fbq = fbq;
        w._fbq = fbq;
      }
      w.fbq('init', tag.id);
      w.fbq('track', 'PageView');
      break;
    }
    case 'googleTagManager':
      w.dataLayer = w.dataLayer ?? [];
      w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      break;
    case 'amoCRM': {
      w.amo_social_button = {
        id: tag.id,
        hash: tag.hash,
        locale: language === 'uz' || language === 'eng' ? (language === 'eng' ? 'en' : 'uz') : 'ru',
        setMeta(p: unknown) {
          const self = this as { params?: unknown[] };
          self.params = [...(self.params ?? []), p];
        },
      };
      const amo: Queue =
        w.amoSocialButton ??
        function (...args: unknown[]) {
          (amo.q = amo.q ?? []).push(args);
        };
      w.amoSocialButton = amo;
      break;
    }
  }
  addScript(ANALYTICS_SCRIPT[tag.tool](tag.id), `dx-analytics-${tag.tool}`);
}

function startNow(language: string): void {
  if (started || tags.length === 0) return;
  started = true;
  for (const tag of tags) load(tag, language);
}

/**
 * Arms the loader for a brand's settings (once per page): nothing at all when the brand has no tool on; otherwise the
 * scripts load at the first interaction or after IDLE_MS of a loaded, untouched page. Answers a disarm function.
 */
export function armAnalytics(settings: AnalyticsSettings, language: string): () => void {
  tags = analyticsTags(settings);
  pageLanguage = language;
  setAnalyticsHandler(
    tags.length === 0 ? null : (event) => (event.type === 'addToBasket' ? trackAddToBasket(event.item) : trackOrderPlaced(event.order)),
  );
  if (tags.length === 0 || started || typeof window === 'undefined') return () => {};
  const go = () => {
    disarm();
    startNow(language);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onLoad = () => {
    timer = setTimeout(go, IDLE_MS);
  };
  function disarm() {
    for (const name of INTERACTIONS) window.removeEventListener(name, go, true);
    window.removeEventListener('load', onLoad);
    if (timer) clearTimeout(timer);
  }
  for (const name of INTERACTIONS) window.addEventListener(name, go, { capture: true, passive: true, once: true });
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return disarm;
}

export interface AnalyticsItem {
  id: string;
  name?: string;
  /** One unit's price, in the brand's currency. */
  price?: number;
  quantity: number;
}

/** Sends an event to every tool the brand has on (loading them first if the visitor had not yet interacted). */
function send(each: Partial<Record<AnalyticsTag['tool'], (tag: AnalyticsTag) => void>>): void {
  if (tags.length === 0) return;
  startNow(pageLanguage);
  for (const tag of tags) each[tag.tool]?.(tag);
}

const gaItems = (items: AnalyticsItem[]) =>
  items.map((i) => ({
    item_id: i.id,
    ...(i.name ? { item_name: i.name } : {}),
    ...(i.price === undefined ? {} : { price: i.price }),
    quantity: i.quantity,
  }));
const ymProducts = (items: AnalyticsItem[]) =>
  items.map((i) => ({
    id: i.id,
    ...(i.name ? { name: i.name } : {}),
    ...(i.price === undefined ? {} : { price: i.price }),
    quantity: i.quantity,
  }));
const valueOf = (items: AnalyticsItem[]) => items.reduce((sum, i) => sum + (i.price ?? 0) * i.quantity, 0);

/** "Add to basket": ym reachGoal and its e-commerce `add`, fbq AddToCart, dataLayer `add_to_cart`. */
export function trackAddToBasket(item: AnalyticsItem): void {
  const w = win();
  send({
    yandexMetrica: (tag) => {
      w.ym?.(Number(tag.id), 'reachGoal', 'add_to_basket');
      w.dataLayer?.push({ ecommerce: { currencyCode: currency, add: { products: ymProducts([item]) } } });
    },
    metaPixel: () =>
      w.fbq?.('track', 'AddToCart', {
        content_ids: [item.id],
        content_type: 'product',
        contents: [{ id: item.id, quantity: item.quantity }],
        ...(item.price === undefined ? {} : { value: valueOf([item]), currency }),
      }),
    googleTagManager: () =>
      w.dataLayer?.push({ event: 'add_to_cart', ecommerce: { currency, value: valueOf([item]), items: gaItems([item]) } }),
  });
}

/** "Order placed": ym reachGoal and its e-commerce `purchase`, fbq Purchase, dataLayer `purchase`. */
export function trackOrderPlaced(order: { id: string; total: number; items: AnalyticsItem[] }): void {
  const w = win();
  send({
    yandexMetrica: (tag) => {
      w.ym?.(Number(tag.id), 'reachGoal', 'order_placed', { order_price: order.total, currency });
      w.dataLayer?.push({
        ecommerce: {
          currencyCode: currency,
          purchase: { actionField: { id: order.id, revenue: order.total }, products: ymProducts(order.items) },
        },
      });
    },
    metaPixel: () =>
      w.fbq?.('track', 'Purchase', {
        value: order.total,
        currency,
        content_ids: order.items.map((i) => i.id),
        content_type: 'product',
        contents: order.items.map((i) => ({ id: i.id, quantity: i.quantity })),
      }),
    googleTagManager: () =>
      w.dataLayer?.push({
        event: 'purchase',
        ecommerce: { transaction_id: order.id, currency, value: order.total, items: gaItems(order.items) },
      }),
  });
}
