import { lazy, Suspense, useEffect, useState } from 'react';
import { outsideLink } from '../../lib/links.ts';

// The sheet's code arrives when a customer first taps an outside link, not with the first screen.
const LeaveAppSheet = lazy(() => import('./leave-app-sheet.tsx').then((m) => ({ default: m.LeaveAppSheet })));

/**
 * "Leaving the app" (spec section 8): a tap on any link to another site (the footer's social links, the app store
 * links, a banner's or a story's or a brand page's link) is held and confirmed in the shared confirm sheet; the site
 * opens in a new tab only on "go". One listener for the whole page, so no link needs to know of it.
 */
export function LeaveAppGuard() {
  const [leaving, setLeaving] = useState<URL | null>(null);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      // A link marked data-own-site (the tabs of the company's other brands) stays within the app: another host, ours.
      const anchor = event.target instanceof Element ? event.target.closest('a[href]:not([data-own-site])') : null;
      const url = anchor ? outsideLink(anchor.getAttribute('href'), window.location.origin) : null;
      if (!url) return;
      event.preventDefault();
      setLeaving(url);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  if (!leaving) return null;
  return (
    <Suspense fallback={null}>
      <LeaveAppSheet url={leaving} onClose={() => setLeaving(null)} />
    </Suspense>
  );
}
