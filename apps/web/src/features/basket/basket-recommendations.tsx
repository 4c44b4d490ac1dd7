import { useRef } from 'react';
import { Link } from 'react-router';
import { pickText, type Product } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { Picture } from '../../shared/catalogue/picture.tsx';
import { productPath } from '../../shared/catalogue/product-link.ts';
import { CarouselArrows } from '../../shared/ui/carousel-arrows.tsx';
import { addableInOneTap } from './basket-lines.ts';
import { PlusIcon } from './basket-icons.tsx';

export interface BasketRecommendationsProps {
  products: readonly Product[];
  formatSum: (n: number) => string;
  /** Adds one unit of a product without options. */
  onAdd: (product: Product) => void;
  /** Called before leaving for a product page (the basket sheet closes). */
  onNavigate?: () => void;
}

/**
 * What the merchant suggests with the order (isCartRecommendation), in a row that scrolls sideways.
 * A product without a required choice goes in with one tap; one that needs a choice opens its page.
 */
export function BasketRecommendations({ products, formatSum, onAdd, onNavigate }: BasketRecommendationsProps) {
  const { t, language } = useTranslation();
  const row = useRef<HTMLUListElement>(null);
  if (products.length === 0) return null;
  return (
    <section data-testid="basket-recommendations" aria-labelledby="basket-recommendations-title">
      <h2 id="basket-recommendations-title" className="text-[17px] font-extrabold tracking-tight">
        {t('basket.recommendations.title')}
      </h2>
      <div className="relative mt-3">
        <CarouselArrows track={row} testId="basket-recommendations" />
        <ul ref={row} className="-mx-4 flex snap-x gap-3 overflow-x-auto scroll-px-4 px-4 pb-1 [scrollbar-width:none]">
          {products.map((p) => {
            const name = pickText(p.name, language);
            const oneTap = addableInOneTap(p);
            return (
              <li key={p.id} data-testid="basket-recommendation" data-product-id={p.id} className="w-32 shrink-0 snap-start">
                <div className="relative">
                  <Picture
                    src={p.image}
                    width={128}
                    height={128}
                    alt=""
                    className="aspect-square w-full rounded-2xl bg-surface-2 object-cover"
                  />
                  {oneTap ? (
                    <button
                      type="button"
                      data-testid="basket-recommendation-add"
                      aria-label={t('basket.recommendations.add', { name })}
                      onClick={() => onAdd(p)}
                      className="absolute end-1.5 bottom-1.5 grid size-9 place-items-center rounded-full bg-brand text-on-brand shadow-md transition-[filter] hover:brightness-95 active:brightness-90"
                    >
                      <PlusIcon size={18} />
                    </button>
                  ) : (
                    <Link
                      to={productPath(p.id)}
                      onClick={onNavigate}
                      data-testid="basket-recommendation-choose"
                      aria-label={`${t('basket.chooseOptions')}: ${name}`}
                      className="absolute end-1.5 bottom-1.5 grid size-9 place-items-center rounded-full bg-brand text-on-brand shadow-md"
                    >
                      <PlusIcon size={18} />
                    </Link>
                  )}
                </div>
                <p className="mt-2 line-clamp-2 text-[13px] leading-snug font-semibold">{name}</p>
                <p className="mt-0.5 text-[13px] font-extrabold tabular-nums">{formatSum(p.price)}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
