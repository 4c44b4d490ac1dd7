import type { ElementType, ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { DishIcon } from '../../shared/ui/icons.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';

const bone = 'rounded-xl bg-surface-2 motion-safe:animate-pulse';

/** The product's shape while it loads. */
export function ProductSkeleton({ layout, title }: { layout: 'sheet' | 'popup' | 'page'; title?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="product-skeleton"
      role="status"
      aria-busy="true"
      className={layout === 'page' ? 'md:grid md:grid-cols-2 md:gap-10' : 'min-h-0 flex-1 overflow-hidden'}
    >
      {title}
      <span className="sr-only">{t('common.loading')}</span>
      <div
        className={`${layout === 'sheet' ? 'aspect-[4/3]' : 'aspect-square rounded-3xl'} w-full bg-surface-2 motion-safe:animate-pulse`}
      />
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

/** A product that does not exist (another brand's, or removed), or that could not be loaded; its title drawn with `Title` (the page's h1, the sheet's title). */
export function ProductMissing({
  error,
  onRetry,
  Title,
}: {
  error: unknown;
  onRetry: () => void;
  Title: ElementType<{ className?: string; children?: ReactNode }>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notFound = error instanceof HttpError && error.status === 404;
  return (
    <EmptyState
      testId="product-missing-page"
      size="page"
      Title={Title}
      icon={<DishIcon size={40} strokeWidth={1.6} />}
      title={notFound ? t('product.notFound') : t('product.loadFailed')}
      text={notFound ? t('product.notFoundText') : errorText(error)}
      action={
        !notFound && (
          <Button size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}
