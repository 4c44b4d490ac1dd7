import { useCallback } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import { isSafeInternalPath, LANG_COOKIE, LANG_COOKIE_DAYS, PAGE_COOKIE, type PathRewrite } from '@dasturxon/domain';
import { writeCookie } from '../lib/cookies.ts';

/** Spec section 2: the language and page segments taken off a path are remembered in cookies. */
export function rememberPathSegments(rewrite: Pick<PathRewrite, 'lang' | 'page'>): void {
  if (rewrite.lang) writeCookie(LANG_COOKIE, rewrite.lang, LANG_COOKIE_DAYS);
  if (rewrite.page) writeCookie(PAGE_COOKIE, rewrite.page, LANG_COOKIE_DAYS);
}

/** Where to go instead of a target that is not a path of this storefront. */
export const safePathOr = (target: string, fallback = '/'): string => (isSafeInternalPath(target) ? target : fallback);

/**
 * Navigation for addresses that came from outside (a `redirect` parameter, a push message, a banner):
 * another site or a `javascript:` address is refused (docs/spec-index.md section 8).
 */
export function useSafeNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (target: string, options?: NavigateOptions): boolean => {
      if (!isSafeInternalPath(target)) {
        console.warn('Refused to navigate to', target);
        return false;
      }
      void navigate(target, options);
      return true;
    },
    [navigate],
  );
}

/**
 * Pages of the spec that later issues build: the checkout and the orders (issue 13), the saved cards
 * (issue 14), favourites and promo codes (issue 31); all built now, so the list is empty until a new page is planned. Our own
 * links to such pages stay hidden until the
 * page exists, so no customer meets a 404 from a link of ours
 * (e2e/links.spec.ts follows every link of the home, basket and profile pages). The issue that builds
 * a page adds its route in app/routes.tsx and takes the page off this list.
 */
const PAGES_TO_COME: ReadonlySet<string> = new Set<string>([]);

/** Whether a page of ours exists yet (see PAGES_TO_COME). */
export const pageExists = (path: string): boolean => !PAGES_TO_COME.has(path);
