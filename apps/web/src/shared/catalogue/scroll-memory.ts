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
