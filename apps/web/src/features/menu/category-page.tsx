import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { useScrollMemory } from '../../shared/catalogue/scroll-memory.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { DishIcon } from '../../shared/ui/icons.tsx';
import { ChevronEndIcon } from '../../shared/ui/more-icons.tsx';
import { buttonClass } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';
import { MenuSection } from './menu-section.tsx';
import { MenuSkeleton } from './menu-skeleton.tsx';

/** `/category?id=`: one category of the menu, as its viewType says (scrolling down even when the home page shows it as a row). */
export function CategoryPage() {
  const { t, language } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const settings = useMerchantSettings();
  const { menu, isPending } = useMenu();

  useScrollMemory(Boolean(menu));

  const category = menu?.categories.find((c) => c.id === id) ?? null;
  const products = menu?.products.filter((p) => p.categoryId === id) ?? [];
  const name = category ? pickText(category.name, language) : '';

  useEffect(() => {
    if (name) document.title = name;
  }, [name]);

  if (isPending) {
    return (
      <div className="mx-auto max-w-5xl px-4 pt-4">
        <MenuSkeleton withBar={false} />
      </div>
    );
  }
  if (!category || products.length === 0) {
    return (
      <StatusScreen
        testId="category-not-found"
        icon={<DishIcon size={44} strokeWidth={1.6} />}
        title={t('menu.categoryMissing')}
        text={t('menu.categoryMissingText')}
        actions={
          <Link to="/" className={buttonClass()}>
            {t('menu.toMenu')}
          </Link>
        }
      />
    );
  }

  return (
    <div data-testid="category-page" className="mx-auto max-w-5xl px-4 pt-3 pb-6">
      <nav aria-label={t('menu.breadcrumbs')} className="flex items-center gap-1 text-sm text-muted">
        <Link to="/" className="hover:text-ink hover:underline">
          {t('menu.title')}
        </Link>
        <ChevronEndIcon size={16} className="rtl:-scale-x-100" />
        <span className="truncate text-ink">{name}</span>
      </nav>
      <MenuSection
        category={{ ...category, scrollType: 'VERTICAL' }}
        products={products}
        showImage={settings.isCategoryImageVisible}
        headingLevel={1}
        first
      />
    </div>
  );
}
