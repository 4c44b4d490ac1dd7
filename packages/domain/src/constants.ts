/** Business constants of docs/spec-index.md section 9 (the storefront's own timings are in apps/web/src/lib/constants.ts). */
export const APP_VERSION = '2.2.9';
export const LANG_COOKIE = 'lang';
/** `?lang=uz`: the address of a page in one language (hreflang alternates); wins over the cookie and becomes the choice. */
export const LANG_PARAM = 'lang';
export const PAGE_COOKIE = 'page';
export const VENDOR_COOKIE = 'vendor';
export const LANG_COOKIE_DAYS = 365;
export const ORDER_PAGE_SIZE = 10;
export const MERCHANT_HEADER = 'X-Merchant-Id';
/** Default primary colour of a brand without its own (docs/spec-index.md section 9). */
export const DEFAULT_MAIN_COLOR = '#FCE000';
/** Upper bound of one line's quantity; also keeps a hostile request from overflowing a Sum. */
export const MAX_LINE_COUNT = 999;
/** Lines per quote; a real basket is far smaller, and the bound caps the work one request can ask for. */
export const MAX_QUOTE_LINES = 100;
/** Default merchant coordinates, the capital area of the default city (docs/spec-index.md section 9). */
export const DEFAULT_MERCHANT_LOCATION = { latitude: 41.322711, longitude: 69.241084 } as const;
export const DEFAULT_TIME_ZONE = 'Asia/Tashkent';
/** The benefit of activating a promo code the legal sentence names, in so'm (spec section 9; shown where `promoLegalTextActive`). */
export const PROMO_LEGAL_BENEFIT = 30_000;
