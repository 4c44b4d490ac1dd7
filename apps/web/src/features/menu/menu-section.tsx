import { imageUrl, pickText, type Category } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import type { MenuProduct } from '../../shared/catalogue/catalogue.api.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { ProductCard, type CardVariant } from './product-card.tsx';
import { sectionElementId } from './scroll-spy.ts';

const VARIANT: Record<Category['viewType'], CardVariant> = { BIG: 'big', MEDIUM: 'medium', SMALL: 'small' };

const GRID: Record<CardVariant, string> = {
  big: 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3',
  medium: 'grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4',
  small: 'grid grid-cols-1 gap-2.5 md:grid-cols-2 lg:grid-cols-3',
};

/** Cards of a row that scrolls sideways: wide ones for BIG, two-and-a-bit for MEDIUM, three-and-a-bit for SMALL. */
const ROW_ITEM: Record<CardVariant, string> = {
  big: 'w-[80%] max-w-[20rem]',
  medium: 'w-[45%] max-w-[13.5rem]',
  small: 'w-[37%] max-w-[11rem]',
};

/** How many cards the first row holds, so their pictures are fetched first. */
const FIRST_ROW: Record<CardVariant, number> = { big: 1, medium: 2, small: 3 };

/** One category of the menu: its heading (with its picture when the merchant shows them) and its products, as the category's viewType and scrollType say. */
export function MenuSection({
  category,
  products,
  showImage,
  headingLevel = 2,
  first = false,
}: {
  category: Category;
  products: readonly MenuProduct[];
  showImage: boolean;
  headingLevel?: 1 | 2 | 3;
  first?: boolean;
}) {
  const { t, language } = useTranslation();
  // Under the merchant's banners the first banner is the largest picture: the menu's first row comes after it.
  const settings = useMerchantSettings();
  const firstRowLoading = settings.bannersActive ? 'eager' : 'first';
  const horizontal = category.scrollType === 'HORIZONTAL';
  // compactMenuGrid (issue 29): two compact cards a row, so nine burgers are not nine screens on a phone.
  const variant = settings.compactMenuGrid && !horizontal ? 'medium' : (VARIANT[category.viewType] ?? 'medium');
  const Heading = headingLevel === 1 ? 'h1' : headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${sectionElementId(category.id)}-title`;
  const card = (p: MenuProduct, i: number, v: CardVariant) => (
    <ProductCard
      product={p}
      navigationType={category.navigationType}
      variant={v}
      pictureLoading={first && i < FIRST_ROW[v] ? firstRowLoading : 'lazy'}
      withoutCart={category.isWithoutCart}
    />
  );

  return (
    <section
      id={sectionElementId(category.id)}
      data-testid="menu-section"
      data-category-id={category.id}
      aria-labelledby={headingId}
      className="pt-6"
      style={{ scrollMarginTop: 128 }}
    >
      <div className="mb-3 flex items-center gap-3">
        {showImage && category.image && (
          <img
            src={imageUrl(category.image, { width: 96, height: 96 })}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            decoding="async"
            className="size-11 shrink-0 rounded-2xl bg-surface object-cover"
          />
        )}
        <Heading id={headingId} className="min-w-0 text-[22px] leading-tight font-extrabold tracking-tight">
          {pickText(category.name, language)}
        </Heading>
        <span className="ms-auto shrink-0 text-sm text-muted">{t('menu.dishCount', { count: products.length })}</span>
      </div>
      {horizontal ? (
        <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-2.5 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] md:mx-0 md:px-0">
          {products.map((p, i) => (
            <li key={p.id} className={`flex shrink-0 snap-start ${ROW_ITEM[variant]}`}>
              <div className="flex w-full [&>article]:w-full">{card(p, i, variant === 'small' ? 'medium' : variant)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <ul className={GRID[variant]} data-testid="menu-grid" data-variant={variant}>
          {products.map((p, i) => (
            <li key={p.id} className="flex [&>article]:w-full">
              {card(p, i, variant)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
