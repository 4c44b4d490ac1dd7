import { memo, type ReactNode } from 'react';
import { checkRoom, pickText, struckPrice, type NavigationType } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { productCountIn, useBasket } from '../../shared/basket/basket-store.ts';
import { unavailableReason } from '../../shared/catalogue/availability.ts';
import type { MenuProduct } from '../../shared/catalogue/catalogue.api.ts';
import { measureLabel } from '../../shared/catalogue/measure.ts';
import { Picture, type PictureLoading } from '../../shared/catalogue/picture.tsx';
import { useFormatSum, useNumberText } from '../../shared/catalogue/price.ts';
import { FavouriteSlot } from '../../shared/catalogue/favourite-slot.tsx';
import { productPath, useOpenProduct } from '../../shared/catalogue/product-link.ts';
import { toast } from '../../shared/ui/toast.tsx';
import { MinusIcon, PlusIcon } from './menu-icons.tsx';

/** big: one wide card a row on a phone; medium: two a row; small: a compact row with the picture at the side. */
export type CardVariant = 'big' | 'medium' | 'small';

/**
 * The width each card's picture is drawn at, so a phone fetches the size it shows. The big card's
 * square picture sits contained in a 16:10 box, so it is drawn at 10/16 of the card's width.
 */
const PICTURE_SIZES: Partial<Record<CardVariant, string>> = {
  big: '(min-width: 1024px) 200px, (min-width: 640px) 31vw, 58vw',
  medium: '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 46vw',
};

interface CardProps {
  product: MenuProduct;
  navigationType: NavigationType;
  variant: CardVariant;
  /** How the picture is fetched: `first` or `eager` on the first screen, else lazily. */
  pictureLoading?: PictureLoading;
  /** The category hides the add button (isWithoutCart): the card only opens the product. */
  withoutCart?: boolean;
}

/** A product of the menu: picture, name, measure, price (and the old one when discounted), labels, and a way to add it. */
export const ProductCard = memo(function ProductCard({
  product,
  navigationType,
  variant,
  pictureLoading = 'lazy',
  withoutCart = false,
}: CardProps) {
  const { t, language } = useTranslation();
  const formatSum = useFormatSum();
  const numberText = useNumberText();
  const openProduct = useOpenProduct();
  const name = pickText(product.name, language);
  const reason = unavailableReason(product);
  const measure = numberText(measureLabel(product, t));
  const open = () => openProduct(product.id, navigationType);

  const picture = (box: string, size: number, fit = 'object-cover') => (
    <div className={`relative shrink-0 overflow-hidden rounded-2xl bg-surface-2 ${box}`}>
      <Picture
        src={product.image}
        width={size}
        height={size}
        sizes={PICTURE_SIZES[variant] ?? `${size}px`}
        loading={pictureLoading}
        className={`size-full ${fit} transition-[filter,opacity] ${reason ? 'opacity-60 grayscale' : ''}`}
      />
      {variant !== 'small' && <Badges product={product} />}
      {reason && variant !== 'small' && (
        <span
          data-testid="product-card-unavailable"
          className="absolute inset-x-2 bottom-2 truncate rounded-full bg-ink/85 px-2.5 py-1 text-center text-xs font-semibold text-bg"
        >
          {t(`menu.reason.${reason}`)}
        </span>
      )}
    </div>
  );

  const struck = struckPrice(product);
  const price = (
    <p className="flex flex-wrap items-baseline gap-x-1.5 leading-tight">
      <span className={`font-extrabold whitespace-nowrap ${variant === 'big' ? 'text-lg' : 'text-base'}`} data-testid="product-card-price">
        {formatSum(product.price)}
      </span>
      {struck !== null && (
        <s className="text-[13px] whitespace-nowrap text-muted" data-testid="product-card-old-price">
          {formatSum(struck)}
        </s>
      )}
    </p>
  );

  const title = (lines: string) => (
    <h3 className={`${lines} leading-snug font-semibold ${reason ? 'text-muted' : ''}`}>
      {/*
        The name opens the product; its ::after covers the card so the whole card is the target. A real link to the
        product's page, for search engines, a browser without scripts and a new tab; a plain click opens the
        product the way its category says.
      */}
      <a
        href={productPath(product.id)}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          open();
        }}
        className="text-start after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ink"
      >
        <bdi>{name}</bdi>
      </a>
    </h3>
  );

  // The favourites' heart, where the brand keeps favourites (nothing otherwise, and nothing in the server's page).
  const heart = <FavouriteSlot product={product} place="card" />;
  const control = !withoutCart && !reason ? <AddControl product={product} onOpen={open} variant={variant} /> : null;
  const base = `relative rounded-3xl bg-surface ${reason ? '' : 'shadow-[0_1px_2px_rgb(0_0_0/0.04)]'}`;
  const data = { 'data-testid': 'product-card', 'data-product-id': product.id, 'data-orderable': String(product.isOrderable) };

  if (variant === 'small') {
    return (
      <article {...data} className={`${base} flex items-center gap-3 p-2.5`}>
        {picture('size-[88px]', 88)}
        <div className="min-w-0 flex-1 py-0.5">
          <div className="flex items-start gap-1">
            <div className="min-w-0 flex-1">{title('line-clamp-2 text-[15px]')}</div>
            {heart}
          </div>
          {measure && <p className="mt-0.5 text-[13px] text-muted">{measure}</p>}
          <div className="mt-1.5">
            {reason ? (
              <p className="text-[13px] font-semibold text-muted" data-testid="product-card-unavailable">
                {t(`menu.reason.${reason}`)}
              </p>
            ) : (
              price
            )}
          </div>
        </div>
        {control && <div className="relative z-10 shrink-0 self-center">{control}</div>}
      </article>
    );
  }

  if (variant === 'big') {
    const description = pickText(product.description, language);
    return (
      <article {...data} className={`${base} flex flex-col p-2`}>
        {picture('aspect-[16/10] w-full', 360, 'object-contain')}
        <div className="flex flex-1 flex-col px-1.5 pt-3 pb-1">
          <div className="flex items-start gap-1">
            <div className="min-w-0 flex-1">{title('line-clamp-2 text-[17px]')}</div>
            {heart}
          </div>
          {description && (
            <p className="mt-1 line-clamp-2 text-sm leading-snug text-muted">
              <bdi>{description}</bdi>
            </p>
          )}
          <div className="mt-auto flex items-end justify-between gap-3 pt-3">
            <div className="min-w-0">
              {measure && <p className="mb-0.5 text-[13px] text-muted">{measure}</p>}
              {price}
            </div>
            {control && <div className="relative z-10 shrink-0">{control}</div>}
          </div>
        </div>
      </article>
    );
  }

  return (
    <article {...data} className={`${base} flex flex-col p-2`}>
      {picture('aspect-square w-full', 240)}
      <div className="flex flex-1 flex-col px-1 pt-2.5 pb-0.5">
        <div className="flex items-start justify-between gap-1">
          {price}
          {heart}
        </div>
        <div className="mt-1">{title('line-clamp-2 text-[15px]')}</div>
        {measure && <p className="mt-0.5 text-[13px] text-muted">{measure}</p>}
        {control && <div className="relative z-10 mt-auto pt-3">{control}</div>}
      </div>
    </article>
  );
});

function Badges({ product }: { product: MenuProduct }) {
  const { language } = useTranslation();
  const labels = product.labels
    .map((l) => pickText(l, language))
    .filter(Boolean)
    .slice(0, 2);
  if (!labels.length && !product.discount) return null;
  return (
    <>
      {labels.length > 0 && (
        <ul className="absolute start-2 top-2 flex flex-col items-start gap-1">
          {labels.map((label) => (
            <li
              key={label}
              data-testid="product-label"
              className="rounded-full bg-surface/90 px-2 py-0.5 text-[11px] font-bold text-ink shadow-sm backdrop-blur-sm"
            >
              {label}
            </li>
          ))}
        </ul>
      )}
      {product.discount > 0 && (
        <span
          data-testid="product-discount"
          dir="ltr"
          className="absolute end-2 top-2 rounded-full bg-brand px-2 py-0.5 text-xs font-extrabold text-on-brand shadow-sm"
        >
          −{Math.round(product.discount)}%
        </span>
      )}
    </>
  );
}

/**
 * Add without leaving the menu when there is nothing to choose; a product with choices opens.
 * Once on the basket, the button becomes − count +.
 */
function AddControl({ product, onOpen, variant }: { product: MenuProduct; onOpen: () => void; variant: CardVariant }) {
  const { t } = useTranslation();
  const basket = useBasket();
  const line = basket.lines.find((l) => l.key === product.id);
  const full = variant === 'medium';
  const round = variant === 'small';

  if (product.modificationGroups.length > 0) {
    return (
      <AddButton full={full} round={round} onClick={onOpen} label={t('menu.choose')} testId="product-card-choose">
        {round ? <PlusIcon size={20} /> : t('menu.choose')}
      </AddButton>
    );
  }

  const plus = () => {
    // The quote's stock rule (domain `checkRoom`): one stock serves every line of the product.
    const room = checkRoom({ orderable: product.isOrderable, count: product.count }, 1, productCountIn(basket.lines, product.id));
    if (!room.ok) {
      toast(room.reason === 'NOT_ENOUGH' ? t('product.notEnough', { max: room.max }) : t('errors.PRODUCT_NOT_AVAILABLE'), 'error');
      return;
    }
    basket.add({ productId: product.id });
    if (!line) toast(t('product.added'), 'success');
  };

  if (!line) {
    return (
      <AddButton full={full} round={round} onClick={plus} label={t('menu.addNamed')} testId="product-card-add">
        {round ? (
          <PlusIcon size={20} />
        ) : (
          <>
            <PlusIcon size={18} />
            {t('menu.add')}
          </>
        )}
      </AddButton>
    );
  }

  return (
    <div
      data-testid="product-card-stepper"
      className={`flex h-10 items-center justify-between rounded-full bg-brand text-on-brand ${full ? 'w-full' : 'w-[7.5rem]'}`}
    >
      <button
        type="button"
        onClick={() => basket.setCount(line.key, line.count - 1)}
        aria-label={t('menu.less')}
        className="grid h-10 w-10 place-items-center rounded-full active:bg-black/10"
      >
        <MinusIcon size={18} />
      </button>
      <span data-testid="product-card-count" aria-live="polite" className="min-w-6 text-center text-[15px] font-extrabold tabular-nums">
        {line.count}
      </span>
      <button
        type="button"
        onClick={plus}
        aria-label={t('menu.more')}
        className="grid h-10 w-10 place-items-center rounded-full active:bg-black/10"
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}

function AddButton({
  full,
  round,
  onClick,
  label,
  testId,
  children,
}: {
  full: boolean;
  round: boolean;
  onClick: () => void;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={round ? label : undefined}
      data-testid={testId}
      className={`inline-flex h-10 items-center justify-center gap-1.5 rounded-full bg-surface-2 text-[15px] font-bold transition-colors hover:bg-brand hover:text-on-brand active:scale-[0.98] ${
        round ? 'w-10' : full ? 'w-full px-3' : 'px-4'
      }`}
    >
      {children}
    </button>
  );
}
