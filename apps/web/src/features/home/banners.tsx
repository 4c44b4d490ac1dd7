import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BANNER_PICTURE, isSafeInternalPath, pickText, type Banner } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useIdleAfterLoad } from '../../lib/after-load.ts';
import { safeExternalUrl } from '../../lib/links.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { Picture } from '../../shared/catalogue/picture.tsx';
import { useOpenProduct } from '../../shared/catalogue/product-link.ts';
import { CarouselArrows } from '../../shared/ui/carousel-arrows.tsx';
import { useBanners } from './home.api.ts';

const AUTOPLAY_MS = 5000;

/** The merchant's banners: a carousel that snaps by swipe, moves on by itself until touched, with dots. */
export function Banners() {
  const { data, isPending } = useBanners(true);
  if (isPending) {
    return (
      <div aria-hidden="true" className="mt-4 pb-4">
        <div className="aspect-[12/5] w-[88%] rounded-3xl bg-surface-2 motion-safe:animate-pulse md:w-[calc(50%-6px)]" />
      </div>
    );
  }
  if (!data?.length) return null;
  return <Carousel banners={data} />;
}

function Carousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const touched = useRef(false);
  // The first banner is the largest picture of the first screen; the others are fetched after the page has loaded.
  const restReady = useIdleAfterLoad();

  // The dot follows the slide that is most in view.
  useEffect(() => {
    const root = track.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setCurrent(Number((e.target as HTMLElement).dataset.index));
      },
      { root, threshold: 0.6 },
    );
    root.querySelectorAll('[data-index]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [banners.length]);

  // Moves on every few seconds while nobody touches it, the tab is visible and motion is welcome.
  useEffect(() => {
    if (banners.length < 2 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      const root = track.current;
      if (!root || touched.current || document.hidden) return;
      const slides = root.querySelectorAll<HTMLElement>('[data-index]');
      const next = slides[(current + 1) % slides.length];
      if (next) scrollToSlide(root, next);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [banners.length, current]);

  const goTo = (i: number) => {
    touched.current = true;
    const root = track.current;
    const slide = root?.querySelector<HTMLElement>(`[data-index="${i}"]`);
    if (root && slide) scrollToSlide(root, slide);
  };

  return (
    <section data-testid="banners" aria-roledescription="carousel" aria-label={t('menu.banners')} className="mt-4">
      <div className="relative">
        <ul
          ref={track}
          onPointerDown={() => (touched.current = true)}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 [scrollbar-width:none] md:mx-0 md:scroll-px-0 md:px-0 [&::-webkit-scrollbar]:hidden"
        >
          {banners.map((b, i) => (
            <li
              key={b.id}
              data-index={i}
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${banners.length}`}
              className={`shrink-0 snap-start ${banners.length === 1 ? 'w-full md:w-[calc(50%-6px)]' : 'w-[88%] md:w-[calc(50%-6px)]'}`}
            >
              <BannerLink banner={b}>
                <Picture
                  src={i === 0 || restReady ? b.image : null}
                  width={BANNER_PICTURE.width}
                  height={BANNER_PICTURE.height}
                  sizes={BANNER_PICTURE.sizes}
                  alt=""
                  loading={i === 0 ? 'first' : 'lazy'}
                  className="aspect-[12/5] w-full rounded-3xl bg-surface-2 object-cover"
                />
              </BannerLink>
            </li>
          ))}
        </ul>
        <CarouselArrows track={track} testId="banners" />
      </div>
      {banners.length > 1 && (
        <div className="mt-2.5 flex justify-center gap-1.5" aria-hidden="true">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              tabIndex={-1}
              onClick={() => goTo(i)}
              className={`h-1.5 rounded-full transition-all ${i === current ? 'w-5 bg-ink' : 'w-1.5 bg-ink/25'}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** Scrolls the track so the slide sits at its start edge, in either writing direction. */
function scrollToSlide(root: HTMLElement, slide: HTMLElement) {
  const style = getComputedStyle(root);
  const pad = parseFloat(style.paddingInlineStart) || 0;
  const r = root.getBoundingClientRect();
  const s = slide.getBoundingClientRect();
  const delta = style.direction === 'rtl' ? s.right - (r.right - pad) : s.left - (r.left + pad);
  root.scrollBy({ left: delta, behavior: 'smooth' });
}

/** A banner leads to its product, an address of the storefront, or another site (http(s) only); else it is a picture. */
function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const { language } = useTranslation();
  const openProduct = useOpenProduct();
  const { menu } = useMenu();
  const title = pickText(banner.title, language);
  const cls = 'block overflow-hidden rounded-3xl transition-transform active:scale-[0.99]';
  const labelled = { 'aria-label': title, title, 'data-testid': 'banner' };

  if (banner.productId) {
    const product = menu?.productById.get(banner.productId);
    const navigationType = product ? menu?.categories.find((c) => c.id === product.categoryId)?.navigationType : null;
    return (
      <button
        type="button"
        {...labelled}
        onClick={() => openProduct(banner.productId!, navigationType ?? 'SHEET')}
        className={`${cls} w-full`}
      >
        {children}
      </button>
    );
  }
  if (banner.link && isSafeInternalPath(banner.link)) {
    return (
      <Link to={banner.link} {...labelled} className={cls}>
        {children}
      </Link>
    );
  }
  const external = safeExternalUrl(banner.link);
  if (external) {
    return (
      <a href={external} target="_blank" rel="noopener noreferrer" {...labelled} className={cls}>
        {children}
      </a>
    );
  }
  return (
    <div role="img" {...labelled} className={cls}>
      {children}
    </div>
  );
}
