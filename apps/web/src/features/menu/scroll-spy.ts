import { useCallback, useEffect, useRef, useState } from 'react';

/** The sticky header (h-16) and the category bar under it: a section scrolled to lands just below both. */
export const HEADER_HEIGHT = 64;
export const BAR_HEIGHT = 56;
export const STICKY_OFFSET = HEADER_HEIGHT + BAR_HEIGHT;
/** How far below the bar the line lies that decides the active section. */
const SPY_LINE_BELOW_BAR = 40;

export const sectionElementId = (id: string) => `category-${id}`;

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Which section is under the category bar while the page scrolls (IntersectionObserver on a line
 * just below the bar), and a way to scroll to one. While a tap scrolls the page, the tapped section
 * stays active instead of every section the page passes on the way.
 */
export function useScrollSpy(ids: readonly string[]) {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  const lock = useRef<{ id: string; timer: number } | null>(null);
  const key = ids.join(',');

  useEffect(() => {
    const list = key ? key.split(',') : [];
    const elements = list.map((id) => document.getElementById(sectionElementId(id))).filter((e): e is HTMLElement => e !== null);
    if (!elements.length || typeof IntersectionObserver === 'undefined') return;
    let observer: IntersectionObserver | null = null;
    const watch = () => {
      observer?.disconnect();
      const visible = new Set<string>();
      // A one-pixel line a little below the bar: the section crossing it is the one being read.
      const line = STICKY_OFFSET + SPY_LINE_BELOW_BAR;
      observer = new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            const id = (e.target as HTMLElement).dataset.categoryId ?? '';
            if (e.isIntersecting) visible.add(id);
            else visible.delete(id);
          }
          if (lock.current) return;
          const current = list.find((id) => visible.has(id));
          if (current) setActive(current);
        },
        { rootMargin: `-${line}px 0px -${Math.max(0, window.innerHeight - line - 1)}px 0px`, threshold: 0 },
      );
      elements.forEach((e) => observer!.observe(e));
    };
    watch();
    window.addEventListener('resize', watch);
    return () => {
      window.removeEventListener('resize', watch);
      observer?.disconnect();
    };
  }, [key]);

  useEffect(() => {
    const release = () => {
      if (lock.current) {
        window.clearTimeout(lock.current.timer);
        lock.current = null;
      }
    };
    window.addEventListener('scrollend', release);
    return () => {
      window.removeEventListener('scrollend', release);
      release();
    };
  }, []);

  const scrollTo = useCallback((id: string) => {
    const el = document.getElementById(sectionElementId(id));
    if (!el) return;
    setActive(id);
    if (lock.current) window.clearTimeout(lock.current.timer);
    // `scrollend` releases the lock; the timer is for browsers without it.
    lock.current = { id, timer: window.setTimeout(() => (lock.current = null), 1200) };
    const top = el.getBoundingClientRect().top + window.scrollY - STICKY_OFFSET - 8;
    window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, []);

  return { active: active && ids.includes(active) ? active : (ids[0] ?? null), scrollTo };
}
