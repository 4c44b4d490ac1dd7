import { useSyncExternalStore } from 'react';

/**
 * Bars of buttons fixed or stuck at the bottom of a page (the basket's, the checkout's, the product's) carry this
 * attribute: the notices sit above them and never cover the primary button (issue 29).
 */
export const STICKY_BAR = { 'data-sticky-bar': '' } as const;

/** How far above the bottom of the screen the top of the highest sticky bar stands, in pixels (0: none on screen). */
export function stickyBarRoom(): number {
  let room = 0;
  for (const bar of document.querySelectorAll<HTMLElement>('[data-sticky-bar]')) {
    const box = bar.getBoundingClientRect();
    if (box.height === 0 || box.top >= window.innerHeight || box.bottom <= 0) continue;
    room = Math.max(room, window.innerHeight - box.top);
  }
  return Math.round(room);
}

/** The page's scrolling, resizing and bars coming and going, told once a frame. */
function subscribeLayout(changed: () => void): () => void {
  let frame = 0;
  const measure = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(changed);
  };
  window.addEventListener('scroll', measure, { passive: true });
  window.addEventListener('resize', measure);
  const observer = new MutationObserver(measure);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', measure);
    window.removeEventListener('resize', measure);
    observer.disconnect();
  };
}

const unchanging = () => () => undefined;
const none = () => 0;

/** `stickyBarRoom`, followed only while `active` (notices on screen): nothing is watched the rest of the time. */
export function useStickyBarRoom(active: boolean): number {
  return useSyncExternalStore(active ? subscribeLayout : unchanging, active ? stickyBarRoom : none, none);
}
