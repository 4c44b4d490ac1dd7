import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { readStored, writeStored } from '../../lib/storage.ts';

const keyOf = (locationKey: string) => `dx:scroll:${locationKey}`;

/**
 * Where a long list of products was left: coming back (the back button) returns to the same place,
 * a new visit starts at the top. `ready` says the list is drawn at its full height.
 */
export function useScrollMemory(ready: boolean): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const last = useRef(0);
  const restored = useRef(false);
  const key = location.key;

  // The position is noted while scrolling: by the time the page is left, the next page may already be in its place.
  useEffect(() => {
    // Only while this entry is the current one: once the address has moved on, the page may still be
    // on screen for a moment, or already taken down for the next one, and its scrolling is not the customer's.
    const note = () => {
      const current = (window.history.state as { key?: string } | null)?.key;
      if (current === undefined || current === key) last.current = window.scrollY;
    };
    note();
    window.addEventListener('scroll', note, { passive: true });
    return () => {
      window.removeEventListener('scroll', note);
      writeStored(keyOf(key), String(Math.round(last.current)), 'session');
    };
  }, [key]);

  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const saved = Number(readStored(keyOf(key), 'session'));
    if (navigation === 'POP' && saved > 0) window.scrollTo(0, saved);
    else if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [ready, key, navigation]);
}

/** How long a page that is still arriving (its code, its data) is waited for to grow tall enough to return to. */
const RESTORE_WAIT_MS = 2500;

/**
 * The whole storefront's rule, mounted once by the app: a new page (another path) opens at its top; Back and Forward
 * return where that entry was left. The same path with other parameters (a product opened over the menu, a search's
 * words) keeps its place. Lists that draw late use `useScrollMemory` too; both read the same note.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const lastPath = useRef<string | null>(null);
  const key = location.key;

  useLayoutEffect(() => {
    // The browser's own restoring runs before the page is drawn again, and jumps the new page to the old offset.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    let last = window.scrollY;
    const note = () => {
      const current = (window.history.state as { key?: string } | null)?.key;
      if (current === undefined || current === key) last = window.scrollY;
    };
    window.addEventListener('scroll', note, { passive: true });
    return () => {
      window.removeEventListener('scroll', note);
      writeStored(keyOf(key), String(Math.round(last)), 'session');
    };
  }, [key]);

  useLayoutEffect(() => {
    const previous = lastPath.current;
    lastPath.current = location.pathname;
    if (previous === null || previous === location.pathname) return;
    if (navigation !== 'POP') {
      if (!location.hash) window.scrollTo(0, 0);
      return;
    }
    const saved = Number(readStored(keyOf(key), 'session'));
    if (!(saved > 0)) {
      window.scrollTo(0, 0);
      return;
    }
    return scrollWhenTall(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new entry alone moves the page
  }, [key]);
}

/** Scrolls to `top` once the page is tall enough (each frame, for a short while); a customer's own scroll ends the wait. */
function scrollWhenTall(top: number): () => void {
  const until = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
  };
  const step = () => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (room >= top || performance.now() > until) {
      window.scrollTo(0, Math.min(top, Math.max(0, room)));
      stop();
      return;
    }
    frame = requestAnimationFrame(step);
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  step();
  return stop;
}
