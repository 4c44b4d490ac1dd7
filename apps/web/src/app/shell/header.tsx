import { Suspense } from 'react';
import { navigationLayout } from '@dasturxon/domain';
import { Link, NavLink, useLocation } from 'react-router';
import { BasketHeaderButton } from '../../features/basket/basket-entry.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { lazyPage } from '../../lib/chunk-reload.ts';
import { useServerDrawn } from '../../lib/server-drawn.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { logoSrc } from '../../shared/merchant/theme.ts';
import { LOGIN_PATH, loginReturnState } from '../../shared/session/login-link.ts';
import { UserIcon } from '../../shared/session/session-icons.tsx';
import { useSessionUser } from '../../shared/session/session-store.ts';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

// Where the order goes: its code (the order's stores, the branches) arrives after the first screen's.
const OrderTarget = lazyPage(() => import('./order-target.tsx').then((m) => m.OrderTarget));
/** False on the server and while the page hydrates, true after: what reads the device's stores is drawn only then. */
const useHydrated = () => !useServerDrawn();

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3.5 py-2 text-sm font-semibold transition-colors ${isActive ? 'bg-surface-2' : 'text-muted hover:text-ink'}`;

/** The brand bar on every page of the default and extra layouts. */
export function Header() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  const ordering = settings.deliveryActive || settings.pickupActive || settings.dineInActive;
  const hydrated = useHydrated();

  return (
    <header data-testid="site-header" className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4">
        <div className="flex min-w-0 flex-1 items-center gap-2.5">
          {/* The name beside it is the same link, for the keyboard and screen readers. */}
          <Link to="/" tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-xl">
            <BrandLogo src={logoSrc(settings, merchant)} name={merchant.name} size={40} />
          </Link>
          <div className="min-w-0 flex-1">
            {/* A name too long for one line goes on two before it is cut; one when where the order goes is shown under it. */}
            <Link
              to="/"
              aria-label={t('header.homeLink', { brand: merchant.name })}
              className="flex min-h-6 w-fit max-w-full items-center rounded-md"
            >
              <span
                data-testid="brand-name"
                className={`text-[17px] leading-[1.15] font-extrabold tracking-tight [overflow-wrap:anywhere] md:text-lg ${ordering ? 'line-clamp-1' : 'line-clamp-2'}`}
              >
                {merchant.name}
              </span>
            </Link>
            {/* Drawn after hydration: it reads this device's choice, so the server's page could never match it. Both
                lines are 24 px tall: two stacked links need that much each to be told apart by a finger (WCAG 2.5.8). */}
            {ordering &&
              (hydrated ? (
                <Suspense fallback={<div className="h-6" />}>
                  <OrderTarget />
                </Suspense>
              ) : (
                <div className="h-6" />
              ))}
          </div>
        </div>
        {/* One size for every button (40 px, a fingertip), 8 px apart so a thumb does not catch the neighbour. */}
        <div className="ms-auto flex shrink-0 items-center gap-2">
          <nav className="me-2 hidden items-center gap-1 md:flex">
            {settings.branchesActive && (
              <NavLink to="/branches" className={navClass}>
                {t('nav.branches')}
              </NavLink>
            )}
            {settings.aboutMerchantActive && (
              <NavLink to="/about" className={navClass}>
                {t('nav.about')}
              </NavLink>
            )}
          </nav>
          <LanguageSwitcher />
          <BasketHeaderButton />
          {/* With the phones' bottom bar the profile is there; at the top too only where isVisibleAtProfileTop says so. */}
          <div className={navigationLayout(settings).profileInHeader ? 'contents' : 'contents max-md:hidden'}>
            <AccountLink />
          </div>
        </div>
      </div>
    </header>
  );
}

/** The customer's way in: their initial to the profile, or Log in for a guest (who comes back here after). */
function AccountLink() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const location = useLocation();
  if (user) {
    const initial = user.firstName.trim().charAt(0).toUpperCase();
    return (
      <Link
        to="/profile"
        data-testid="header-profile"
        aria-label={t('auth.header.profile')}
        className="grid size-10 shrink-0 place-items-center rounded-full bg-brand text-base font-extrabold text-on-brand"
      >
        {initial || <UserIcon size={20} />}
      </Link>
    );
  }
  return (
    <Link
      to={LOGIN_PATH}
      state={location.pathname.startsWith(LOGIN_PATH) ? undefined : loginReturnState(location)}
      data-testid="header-login"
      aria-label={t('auth.header.login')}
      title={t('auth.header.login')}
      className="grid size-10 shrink-0 place-items-center rounded-full border border-line bg-surface-2 transition-colors hover:bg-line"
    >
      <UserIcon size={20} />
    </Link>
  );
}
