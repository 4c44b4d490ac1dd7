import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorDescription, HttpError } from '../../lib/http.ts';
import { DishIcon } from '../../shared/ui/icons.tsx';

const bone = 'rounded-xl bg-surface-2 motion-safe:animate-pulse';

/** The product's shape while it loads. */
export function ProductSkeleton({ layout, title }: { layout: 'sheet' | 'popup' | 'page'; title?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid="product-skeleton" role="status" aria-busy="true" className={layout === 'page' ? 'md:grid md:grid-cols-2 md:gap-10' : 'min-h-0 flex-1 overflow-hidden'}>
      {title}
      <span className="sr-only">{t('common.loading')}</span>
      <div className={`${layout === 'sheet' ? 'aspect-[4/3]' : 'aspect-square rounded-3xl'} w-full bg-surface-2 motion-safe:animate-pulse`} />
      <div className={layout === 'page' ? 'pt-5' : 'px-5 pt-4 pb-6'}>
        <div className={`h-8 w-3/4 ${bone}`} />
        <div className={`mt-3 h-4 w-1/2 ${bone}`} />
        <div className={`mt-5 h-4 w-full ${bone}`} />
        <div className={`mt-2 h-4 w-5/6 ${bone}`} />
        <div className={`mt-8 h-13 w-full rounded-2xl bg-surface-2 motion-safe:animate-pulse`} />
      </div>
    </div>
  );
}

/** A product that does not exist (another brand's, or removed), or that could not be loaded. */
export function ProductMissing({ error, onRetry, title }: { error: unknown; onRetry: () => void; title: (text: string) => ReactNode }) {
  const { t, language } = useTranslation();
  const notFound = error instanceof HttpError && error.status === 404;
  return (
    <div data-testid="product-missing-page" className="flex flex-col items-center px-6 py-14 text-center">
      <span className="mb-5 grid size-20 place-items-center rounded-[1.75rem] bg-brand text-on-brand">
        <DishIcon size={36} strokeWidth={1.6} />
      </span>
      {title(notFound ? t('product.notFound') : t('product.loadFailed'))}
      <p className="mt-2 max-w-xs text-[15px] text-muted">{notFound ? t('product.notFoundText') : (errorDescription(error, language) ?? t('errors.generic'))}</p>
      {!notFound && (
        <button type="button" onClick={onRetry} className="mt-6 h-11 rounded-full bg-brand px-6 text-[15px] font-bold text-on-brand">
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
