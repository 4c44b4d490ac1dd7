import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/*
 * The console has six addresses; a router library would outweigh them. Paths are kept under /ops (vite's base),
 * and the server answers index.html for any of them (apps/api/src/web/ops-console.ts).
 */

const BASE = '/ops';
const CHANGE = 'dx-ops-navigate';

function subscribe(callback: () => void): () => void {
  window.addEventListener('popstate', callback);
  window.addEventListener(CHANGE, callback);
  return () => {
    window.removeEventListener('popstate', callback);
    window.removeEventListener(CHANGE, callback);
  };
}

const currentPath = (): string => {
  const { pathname } = window.location;
  const path = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  return path === '' ? '/' : path.length > 1 ? path.replace(/\/$/, '') : path;
};

/** The path inside the console: `/`, `/orders/…`, `/stop-list`. */
export const usePath = (): string => useSyncExternalStore(subscribe, currentPath, () => '/');

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = `${BASE}${to === '/' ? '/' : to}`;
  if (url === window.location.pathname) return;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A real link (opens in a new tab with a modifier key), navigating in place on a plain click. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={`${BASE}${to}`} onClick={handle} {...rest} />;
}
