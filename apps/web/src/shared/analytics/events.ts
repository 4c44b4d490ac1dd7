import type { AnalyticsItem } from './analytics.ts';

/*
 * The storefront's side of the analytics events (issue 31): a call where a product goes into the basket or an order
 * is placed. It is tiny and on the first screen; the loader (analytics.ts, loaded only for a brand with a tool on)
 * takes the events over when it is armed. For a brand without tools they go nowhere.
 */

export type AnalyticsEvent =
  { type: 'addToBasket'; item: AnalyticsItem } | { type: 'orderPlaced'; order: { id: string; total: number; items: AnalyticsItem[] } };

let handler: ((event: AnalyticsEvent) => void) | null = null;

export function setAnalyticsHandler(next: ((event: AnalyticsEvent) => void) | null): void {
  handler = next;
}

export function analyticsEvent(event: AnalyticsEvent): void {
  handler?.(event);
}

/** Whether the brand has any tool's flag on: only then is the loader module asked for. */
export const anyAnalyticsFlag = (s: {
  yandexMetricsEnabled?: boolean;
  metaPixelActive?: boolean;
  googleTagManagerActive?: boolean;
  amoCRMActive?: boolean;
}) => Boolean(s.yandexMetricsEnabled || s.metaPixelActive || s.googleTagManagerActive || s.amoCRMActive);
