import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { Icon, type IconProps } from '../../shared/ui/icons.tsx';
import { lazyPage } from '../../lib/chunk-reload.ts';

// Their code follows the page's: on a page rendered by the server they are already drawn (the first banner
// is the largest picture, preloaded with the page), and React takes them over when it arrives.
const StoriesRow = lazyPage(() => import('./stories.tsx').then((m) => m.StoriesRow));
const Banners = lazyPage(() => import('./banners.tsx').then((m) => m.Banners));
// The same for the branch strip; a page the browser draws alone holds its place with an empty strip of its size.
const BranchStrip = lazyPage(() => import('./branch-strip.tsx').then((m) => m.BranchStrip));

const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </Icon>
);

/**
 * The first screen is the menu: a way to search, the merchant's stories and banners (each when
 * switched on), the chosen branch, then the menu itself (given by the app, which joins the features).
 */
export function HomePage({ menu }: { menu: ReactNode }) {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const s = useMerchantSettings();

  return (
    <div data-testid="home-page" className="mx-auto max-w-5xl px-4 pt-3 pb-4 md:pt-5">
      <h1 className="sr-only">{merchant.name}</h1>
      <div className="flex flex-col gap-2.5 md:flex-row md:items-center md:gap-3">
        <Link
          to="/search"
          data-testid="home-search"
          className="flex h-12 items-center gap-3 rounded-2xl bg-surface px-4 text-[15px] text-muted transition-colors hover:bg-surface-2 md:flex-1"
        >
          <SearchIcon size={20} className="shrink-0" />
          <span className="truncate">{t('search.placeholder')}</span>
        </Link>
        {s.branchesActive && (
          <div className="md:w-[22rem] md:shrink-0">
            <Suspense fallback={<div className="h-12 rounded-2xl bg-surface" />}>
              <BranchStrip />
            </Suspense>
          </div>
        )}
      </div>
      <Suspense fallback={null}>
        {s.storiesActive && <StoriesRow />}
        {s.bannersActive && <Banners />}
      </Suspense>
      {menu}
    </div>
  );
}
