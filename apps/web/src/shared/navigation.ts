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
 * another site or a `javascript:` address is refused (spec section 8).
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
