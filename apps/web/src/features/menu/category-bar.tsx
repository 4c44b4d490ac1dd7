import { useEffect, useRef } from 'react';
import { imageUrl } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { CarouselArrows } from '../../shared/ui/carousel-arrows.tsx';

export interface BarItem {
  id: string;
  label: string;
  image?: string | null;
}

/**
 * The sticky row of category chips under the header. The active chip follows the scroll and is
 * kept in view within the row; a tap scrolls the page to the section.
 */
export function CategoryBar({
  items,
  activeId,
  onPick,
}: {
  items: readonly BarItem[];
  activeId: string | null;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Centre the chip by scrolling the row only: scrollIntoView would also move the page mid-scroll. The target is
    // absolute (where the row is now plus the chip's offset from the centre), so when the active chip changes
    // again while the row is still sliding, the new slide ends on the new chip instead of adding to the old one.
    const centre = () => {
      const container = row.current;
      const chip = activeId ? container?.querySelector<HTMLElement>(`[data-category-id="${CSS.escape(activeId)}"]`) : null;
      if (!container || !chip) return;
      const c = container.getBoundingClientRect();
      const r = chip.getBoundingClientRect();
      const delta = r.left + r.width / 2 - (c.left + c.width / 2);
      // Told where to end even when the chip sits in the centre already: a slide still under way (towards the chip
      // active before) would otherwise carry it off.
      container.scrollTo({ left: container.scrollLeft + delta, behavior: Math.abs(delta) > 4 ? 'smooth' : 'instant' });
    };
    centre();
    // Chromium now and then drops the row's slide when the page's own smooth scroll (a tap on a chip) runs beside it:
    // once the page comes to rest, the active chip is centred again if it is not already.
    window.addEventListener('scrollend', centre);
    return () => window.removeEventListener('scrollend', centre);
  }, [activeId]);

  return (
    <nav
      data-testid="category-bar"
      aria-label={t('menu.categories')}
      className="sticky top-16 z-20 -mx-4 border-b border-line bg-bg/92 backdrop-blur-md md:mx-0 md:rounded-b-2xl"
    >
      <CarouselArrows track={row} testId="category-bar" />
      <div
        ref={row}
        className="flex h-14 items-center gap-2 overflow-x-auto overscroll-x-contain px-4 [scrollbar-width:none] md:px-1 [&::-webkit-scrollbar]:hidden"
      >
        {items.map((item) => {
          const active = item.id === activeId;
          return (
            <button
              key={item.id}
              type="button"
              data-testid="category-chip"
              data-category-id={item.id}
              data-active={active ? 'true' : 'false'}
              aria-current={active ? 'true' : undefined}
              onClick={() => onPick(item.id)}
              className={`flex h-10 shrink-0 items-center gap-2 rounded-full text-[15px] font-semibold whitespace-nowrap transition-colors ${
                item.image ? 'ps-1 pe-4' : 'px-4'
              } ${active ? 'bg-brand text-on-brand' : 'bg-surface text-ink hover:bg-surface-2'}`}
            >
              {item.image && (
                <img
                  src={imageUrl(item.image, { width: 64, height: 64 })}
                  alt=""
                  width={32}
                  height={32}
                  loading="lazy"
                  decoding="async"
                  className="size-8 rounded-full bg-surface-2 object-cover"
                />
              )}
              {item.label}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
