import { pickText, type Product, type QuoteProblem } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import type { BasketLine } from '../../shared/basket/basket-store.ts';
import { Picture } from '../../shared/catalogue/picture.tsx';
import { IconButton } from '../../shared/ui/icon-button.tsx';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { modificationsLabel } from './basket-lines.ts';
import { CloseIcon, MinusIcon, PlusIcon, TrashIcon } from './basket-icons.tsx';

/** The texts of a line's problems, from the server's quote and from the loaded menu, each once. */
export function useLineProblemTexts(): (problems: readonly QuoteProblem[], product: Product | undefined, menuLoaded: boolean) => string[] {
  const { t } = useTranslation();
  return (problems, product, menuLoaded) => {
    // A product that cannot be ordered at all needs no word about its stock or options.
    if ((menuLoaded && !product) || problems.some((p) => p.code === 'PRODUCT_NOT_FOUND')) return [t('basket.notInMenu')];
    if ((product && !product.isOrderable) || problems.some((p) => p.code === 'PRODUCT_NOT_AVAILABLE')) return [t('basket.unavailable')];
    const texts = new Set<string>();
    for (const p of problems) {
      if (p.code === 'NOT_ENOUGH_PRODUCTS') texts.add(t('basket.notEnough', { max: Number(p.details?.max ?? 0) }));
      else texts.add(t('basket.optionsChanged'));
    }
    return [...texts];
  };
}

export interface BasketLineItemProps {
  line: BasketLine;
  product: Product | undefined;
  price: { gross: number; net: number };
  problems: string[];
  /** The menu is still loading: the name and options are not known yet. */
  loading: boolean;
  formatSum: (amount: number) => string;
  onCount: (count: number) => void;
  onRemove: () => void;
}

/** One basket line: picture, name, options, price, and the stepper; its problems right under it. */
export function BasketLineItem({ line, product, price, problems, loading, formatSum, onCount, onRemove }: BasketLineItemProps) {
  const { t, language } = useTranslation();
  const name = product ? pickText(product.name, language) : t('basket.notInMenu');
  const mods = product ? modificationsLabel(product, line.modifications, language) : '';
  const atStock = product?.count !== null && product?.count !== undefined && line.count >= product.count;
  const stepButton = 'grid size-9 place-items-center rounded-full transition-colors hover:bg-line active:bg-line disabled:opacity-40';

  return (
    <li data-testid="basket-line" data-product-id={line.productId} data-line-key={line.key} className="flex gap-3 py-4">
      <Picture src={product?.image} width={72} height={72} alt="" className="size-[72px] shrink-0 rounded-2xl bg-surface-2 object-cover" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            {loading ? (
              <span aria-hidden="true" className="mt-1 block h-4 w-3/4 animate-pulse rounded-full bg-surface-2" />
            ) : (
              <p data-testid="basket-line-name" className="line-clamp-2 text-[15px] leading-snug font-bold">
                {name}
              </p>
            )}
            {mods && (
              <p data-testid="basket-line-mods" className="mt-0.5 text-[13px] leading-snug text-muted">
                {mods}
              </p>
            )}
          </div>
          <IconButton
            testId="basket-line-remove"
            label={`${t('basket.remove')}: ${name}`}
            size="sm"
            onClick={onRemove}
            className="-me-1.5 -mt-1"
          >
            <CloseIcon size={18} />
          </IconButton>
        </div>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <p
            data-testid="basket-line-price"
            data-amount={price.net}
            className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 tabular-nums"
          >
            <span className="text-[15px] font-extrabold whitespace-nowrap">{formatSum(price.net)}</span>
            {price.gross > price.net && <s className="text-[13px] whitespace-nowrap text-muted">{formatSum(price.gross)}</s>}
          </p>
          <div className="flex shrink-0 items-center rounded-full bg-surface-2" role="group" aria-label={t('basket.quantity')}>
            <button
              type="button"
              data-testid="basket-line-decrease"
              aria-label={line.count > 1 ? t('basket.decrease') : `${t('basket.remove')}: ${name}`}
              onClick={() => (line.count > 1 ? onCount(line.count - 1) : onRemove())}
              className={stepButton}
            >
              {line.count > 1 ? <MinusIcon size={16} /> : <TrashIcon size={16} />}
            </button>
            <output
              data-testid="basket-line-count"
              aria-live="polite"
              className="min-w-7 text-center text-[15px] font-extrabold tabular-nums"
            >
              {line.count}
            </output>
            <button
              type="button"
              data-testid="basket-line-increase"
              aria-label={t('basket.increase')}
              // At the limit it stays tappable and dimmed: a tap says why no more can be added.
              data-limit={atStock || !product?.isOrderable}
              onClick={() => onCount(line.count + 1)}
              className={`${stepButton} data-[limit=true]:opacity-40`}
            >
              <PlusIcon size={16} />
            </button>
          </div>
        </div>
        {problems
          .filter((text) => text !== name)
          .map((text) => (
            <p
              key={text}
              data-testid="basket-line-problem"
              role="alert"
              className="mt-2 flex items-start gap-1.5 text-[13px] leading-snug font-semibold text-red-600 dark:text-red-400"
            >
              <AlertIcon size={16} className="mt-px shrink-0" />
              {text}
            </p>
          ))}
      </div>
    </li>
  );
}
