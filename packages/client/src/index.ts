/*
 * What the storefront (apps/web) and the staff console (apps/ops) share of talking to the server: the HTTP call and
 * its errors, the session kept in the browser, and the event stream followed live. Generic: what an answer or an
 * event means is each app's. The server-rendering contract is `@dasturxon/client/render-contract` (types only).
 */
export * from './event-stream.ts';
export * from './follow-stream.ts';
export * from './http.ts';
export * from './error-text.ts';
export * from './session-store.ts';
