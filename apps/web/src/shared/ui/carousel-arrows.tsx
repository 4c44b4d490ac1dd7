import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { ChevronEndIcon } from './more-icons.tsx';

/** How far one press moves a row: most of what is in view, so the last card seen stays as a landmark. */
const PAGE = 0.8;

/** Where the row stands: whether it can move back (towards its start) or on (towards its end), in either direction of writing. */
function edges(row: HTMLElement): { back: boolean; on: boolean } {
  // In a right-to-left row scrollLeft runs from 0 down to negative values; its size is what counts.
  const travelled = Math.abs(row.scrollLeft);
  return { back: travelled > 1, on: travelled + row.clientWidth < row.scrollWidth - 1 };
}

/**
 * Previous/next buttons for a horizontal row (banners, stories, the basket's suggestions): shown only where a
 * fine pointer and a wide screen make swiping unnatural (`pointer-fine:md:`), hidden on phones. Each press
 * scrolls the row by most of its width towards its start or end, which in Arabic is the other way; a button at an
 * edge is disabled. The parent is `relative`; the buttons sit on its start and end edges, centred on `track`.
 */
export function CarouselArrows({ track, testId }: { track: RefObject<HTMLElement | null>; testId: string }) {
  const { t } = useTranslation();
  const [can, setCan] = useState({ back: false, on: false });

  useEffect(() => {
    const row = track.current;
    if (!row) return;
    const update = () => setCan(edges(row));
    update();
    row.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(row);
    // Cards come and go (the basket's suggestions follow the basket): the row's length changes without its size.
    const changed = new MutationObserver(update);
    changed.observe(row, { childList: true });
    return () => {
      row.removeEventListener('scroll', update);
      resized.disconnect();
      changed.disconnect();
    };
  }, [track]);

  const move = (towards: 1 | -1) => {
    const row = track.current;
    if (!row) return;
    const rtl = getComputedStyle(row).direction === 'rtl';
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollBy({ left: towards * (rtl ? -1 : 1) * row.clientWidth * PAGE, behavior: smooth ? 'smooth' : 'auto' });
  };

  if (!can.back && !can.on) return null;
  const button =
    'pointer-events-auto absolute top-1/2 z-10 hidden size-11 -translate-y-1/2 place-items-center rounded-full border border-line bg-surface/95 text-ink shadow-md transition-opacity hover:bg-surface-2 disabled:opacity-0 pointer-fine:md:grid';
  return (
    <>
      <button
        type="button"
        data-testid={`${testId}-previous`}
        aria-label={t('carousel.previous')}
        disabled={!can.back}
        onClick={() => move(-1)}
        className={`${button} -start-3`}
      >
        <ChevronEndIcon size={22} className="-scale-x-100 rtl:scale-x-100" />
      </button>
      <button
        type="button"
        data-testid={`${testId}-next`}
        aria-label={t('carousel.next')}
        disabled={!can.on}
        onClick={() => move(1)}
        className={`${button} -end-3`}
      >
        <ChevronEndIcon size={22} className="rtl:-scale-x-100" />
      </button>
    </>
  );
}
