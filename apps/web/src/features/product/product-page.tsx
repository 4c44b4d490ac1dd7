import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useProduct } from '../../shared/catalogue/catalogue.api.ts';
import { ProductDetails } from './product-details.tsx';
import { BackIcon } from './product-icons.tsx';
import { ProductMissing, ProductSkeleton } from './product-states.tsx';

const PageTitle = ({ className, children }: { className?: string; children: ReactNode }) => (
  <h1 data-testid="product-title" className={className}>
    {children}
  </h1>
);

/** `/product/{id}`: the product as a page (FULL_SCREEN categories, shared links); after adding, back to where the customer came from. */
export function ProductPage() {
  const { id = '' } = useParams();
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const { product, category, isPending, error, refetch } = useProduct(id);
  const name = product ? pickText(product.name, language) : '';

  useEffect(() => {
    if (name) document.title = name;
  }, [name]);

  const back = () => {
    if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
    else void navigate('/');
  };

  return (
    <div data-testid="product-page" className="mx-auto max-w-5xl px-4 pt-3 pb-8 md:pt-6">
      <div className="mb-3 flex items-center gap-2">
        <button
          type="button"
          onClick={back}
          aria-label={t('common.back')}
          className="grid size-10 place-items-center rounded-full bg-surface transition-colors hover:bg-surface-2"
        >
          <BackIcon size={20} className="rtl:-scale-x-100" />
        </button>
        {category && (
          <Link
            to={`/category?id=${encodeURIComponent(category.id)}`}
            className="truncate text-sm font-semibold text-muted hover:text-ink hover:underline"
          >
            {pickText(category.name, language)}
          </Link>
        )}
      </div>
      {product ? (
        <ProductDetails product={product} layout="page" Title={PageTitle} withoutCart={category?.isWithoutCart ?? false} onAdded={back} />
      ) : isPending ? (
        <ProductSkeleton layout="page" />
      ) : (
        <ProductMissing error={error} onRetry={refetch} Title="h1" />
      )}
    </div>
  );
}
