/** The storefront's own timings and limits (docs/spec-index.md section 9): screen behaviour, no business rule. */

/** A call without an answer after this long fails (and may be retried). */
export const HTTP_TIMEOUT_MS = 30_000;
/** Answers after which an idempotent call is tried again. */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
export const TOAST_DURATION_MS = 4500;
/** A notice with a button (a failed call's retry) stays long enough to be read and pressed. */
export const TOAST_WITH_ACTION_MS = 10_000;
export const TOAST_GAP_PX = 16;
export const SEARCH_DEBOUNCE_MS = 300;
/** At most one reload for a missing chunk in this long. */
export const RELOAD_GUARD_MS = 10_000;
/** How often a newer deployment is looked for. */
export const VERSION_POLL_MS = 60_000;
