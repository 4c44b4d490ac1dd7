import { useMemo } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import type { useBasket } from '../../shared/basket/basket-store.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { BagIcon } from '../../shared/ui/icons.tsx';
import { ChevronEndIcon } from '../../shared/ui/more-icons.tsx';
import { BasketTrigger } from './basket-trigger.tsx';
import { localLinePrice } from './basket-line-price.ts';
import { useMoney } from './basket-money.ts';

/**
 * The floating bar's body (basketPosition FLOATING_OVER_PRODUCT, and on phones always): the number of items and their
 * price after the products' own discounts. `phoneOnly`: the brand's basket is in the header, so wide screens hide the bar.
 */
export function FloatingBar({
  lines,
  count,
  label,
  phoneOnly = false,
}: {
  lines: ReturnType<typeof useBasket>['lines'];
  count: number;
  label: string;
  phoneOnly?: boolean;
}) {
  const { t } = useTranslation();
  const formatSum = useMoney();
  const { menu } = useMenu();
  const total = useMemo(() => lines.reduce((n, l) => n + localLinePrice(l, menu?.productById.get(l.productId)).net, 0), [lines, menu]);
  const summary = `${t('basket.items', { count })} · ${formatSum(total)}`;
  return (
    <>
      {/* Keeps the end of the page clear of the bar. */}
      <div aria-hidden="true" className={`h-24 ${phoneOnly ? 'md:hidden' : ''}`} />
      <div
        data-sticky-bar
        className={`pointer-events-none fixed ${phoneOnly ? 'md:hidden' : ''} inset-x-0 bottom-[var(--dx-bottom-nav,0px)] z-30 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]`}
      >
        <BasketTrigger
          testId="basket-bar"
          label={`${label}: ${summary}`}
          className="pointer-events-auto mx-auto flex h-14 w-full max-w-md items-center gap-3 rounded-2xl bg-brand ps-2.5 pe-3 text-on-brand shadow-[0_12px_32px_-10px_rgb(0_0_0/0.45)] transition-[filter] hover:brightness-95 active:brightness-90 motion-safe:animate-[dx-toast-in_200ms_ease-out]"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-on-brand/15">
            <BagIcon size={20} />
          </span>
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="text-[12px] font-semibold opacity-80">{label}</span>
            <span data-testid="basket-bar-summary" className="truncate text-[15px] font-extrabold tabular-nums">
              {summary}
            </span>
          </span>
          <ChevronEndIcon size={20} className="shrink-0 rtl:-scale-x-100" />
        </BasketTrigger>
      </div>
    </>
  );
}
