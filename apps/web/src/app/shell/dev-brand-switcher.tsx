import type { Merchant } from '@dasturxon/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useServerDrawn } from '../../lib/server-drawn.ts';
import { useBoot } from '../../shared/merchant/boot.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';

/** Every brand of this deployment; the server answers only on development hosts outside production. */
const fetchDevelopmentBrands = (signal?: AbortSignal) => http<Merchant[]>('/users/v1/merchants/development', { signal });

/** Where another brand opens: `?vendor=` on localhost, its own sub-domain on `{sub}.localhost`. */
function brandAddress(sub: string): string {
  const { hostname, port, protocol } = location;
  if (hostname.endsWith('.localhost')) return `${protocol}//${sub}.localhost${port ? `:${port}` : ''}/`;
  return `/?vendor=${encodeURIComponent(sub)}`;
}

/**
 * The small brand switcher of development hosts (issue 9), at the foot of the footer: a developer who opened http://localhost:3000
 * sees the demo chain and can open the other demo brands from here. Full page loads, so everything of the
 * brand (settings, theme, basket) starts afresh.
 */
export function DevBrandSwitcher() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  // Where the server says the list answers (boot data: development hosts outside production), and never in the
  // server's page, which React then takes over as it is.
  const serverDrawn = useServerDrawn();
  const development = useBoot().brandSwitcher && !serverDrawn;
  const { data: brands } = useQuery({
    queryKey: ['development', 'brands'],
    queryFn: ({ signal }) => fetchDevelopmentBrands(signal),
    enabled: development,
    staleTime: Infinity,
    retry: false,
  });
  if (!development || !brands || brands.length < 2) return null;
  return (
    <nav
      data-testid="dev-brand-switcher"
      aria-label={t('dev.brands')}
      className="border-t border-black/10 px-4 py-3 text-[13px] text-muted"
    >
      <span className="me-2">{t('dev.brands')}:</span>
      {brands.map((brand) => (
        <a
          key={brand.id}
          href={brandAddress(brand.sub)}
          aria-current={brand.id === merchant.id ? 'page' : undefined}
          className="me-2 inline-block rounded-full px-2 py-1 underline-offset-2 hover:underline aria-[current=page]:bg-black/5 aria-[current=page]:font-semibold"
        >
          {brand.name}
          {brand.isActive ? '' : ` (${t('dev.inactive')})`}
        </a>
      ))}
    </nav>
  );
}
