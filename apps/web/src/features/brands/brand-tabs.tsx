import { imageUrl, navigationLayout, showBrandTabs } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';
import { useCompanyBrands } from './brands.api.ts';

/**
 * The tabs between the brands of one company (multi-tab navigation, issue 31), under the header. A tab opens the
 * other brand's own storefront at its home (its host: a full page load, so its settings, theme, basket and session,
 * which are kept per brand, start as that brand's). Its own lazy chunk: the first screen carries only the slot.
 */
export function BrandTabs() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  const { data: brands, isError } = useCompanyBrands(merchant.id);
  if (isError || (brands && !showBrandTabs(navigationLayout(settings), brands))) return <span data-alone hidden />;
  if (!brands) return null;
  return (
    <nav
      data-testid="brand-tabs"
      aria-label={t('brands.tabs')}
      className="flex h-full items-center gap-2 overflow-x-auto px-4 [scrollbar-width:none]"
    >
      {brands.map((brand) => (
        <a
          key={brand.id}
          href={brand.url}
          data-own-site
          aria-current={brand.current ? 'page' : undefined}
          className="flex h-9 shrink-0 items-center gap-2 rounded-full border border-line bg-surface ps-1 pe-3.5 text-sm font-semibold text-muted transition-colors hover:text-ink aria-[current=page]:border-transparent aria-[current=page]:bg-surface-2 aria-[current=page]:text-ink"
        >
          <BrandLogo src={brand.logo ? imageUrl(brand.logo, { width: 56, height: 56 }) : null} name={brand.name} size={28} />
          <span>{brand.name}</span>
        </a>
      ))}
    </nav>
  );
}
