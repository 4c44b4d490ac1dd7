import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBasketCount } from '../../shared/basket/basket-store.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { LOGIN_PATH, loginReturnState } from '../../shared/session/login-link.ts';
import { UserIcon } from '../../shared/session/session-icons.tsx';
import { useSessionUser } from '../../shared/session/session-store.ts';
import { BagIcon, DishIcon, MapPinIcon } from '../../shared/ui/icons.tsx';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `relative flex min-h-12 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-semibold ${isActive ? 'text-brand' : 'text-muted'}`;

/**
 * The bottom navigation bar on phones (`isNavigationViewEnabled`, issue 31): the menu, the branches, the basket and
 * the profile. While it stands, the page's root says so (`data-bottom-nav`), and the basket's floating bar rises above
 * it (index.css). Its own lazy chunk, drawn after hydration.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const settings = useMerchantSettings();
  const user = useSessionUser();
  const location = useLocation();
  const count = useBasketCount();
  useEffect(() => {
    document.documentElement.dataset.bottomNav = '';
    return () => {
      delete document.documentElement.dataset.bottomNav;
    };
  }, []);
  return (
    <>
      <div aria-hidden="true" className="h-16 md:hidden" />
      <nav
        data-testid="bottom-nav"
        aria-label={t('nav.bottom')}
        className="fixed inset-x-0 bottom-0 z-30 flex border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
      >
        <NavLink to="/" end className={itemClass}>
          <DishIcon size={22} />
          {t('menu.title')}
        </NavLink>
        {settings.branchesActive && (
          <NavLink to="/branches" className={itemClass}>
            <MapPinIcon size={22} />
            {t('nav.branches')}
          </NavLink>
        )}
        {settings.cartPageActive && (
          <NavLink to="/basket" className={itemClass} data-testid="bottom-nav-basket">
            <BagIcon size={22} />
            {count > 0 && (
              <span className="absolute top-1 start-[calc(50%+4px)] min-w-4 rounded-full bg-brand px-1 text-[10px] leading-4 text-on-brand tabular-nums">
                {count}
              </span>
            )}
            {t('basket.title')}
          </NavLink>
        )}
        <NavLink
          to={user ? '/profile' : LOGIN_PATH}
          state={user || location.pathname.startsWith(LOGIN_PATH) ? undefined : loginReturnState(location)}
          className={itemClass}
          data-testid="bottom-nav-profile"
        >
          <UserIcon size={22} />
          {t('profile.title')}
        </NavLink>
      </nav>
    </>
  );
}
