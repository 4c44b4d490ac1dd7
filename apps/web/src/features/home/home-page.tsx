import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatPhone } from '@dasturxon/domain';
import { phoneHref } from '../../lib/links.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { BagIcon, ChevronEndIcon, DishIcon, InfoIcon, MapPinIcon, PhoneIcon, ScooterIcon } from '../../shared/ui/icons.tsx';
import { HeroArt } from './hero-art.tsx';

interface Service {
  key: string;
  Icon: ComponentType<{ size?: number }>;
  title: string;
  text: string;
}

/**
 * The first screen: the brand's hero with its colour, how orders can be received, and the place
 * where the menu (a later issue) will stand.
 */
export function HomePage() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const s = useMerchantSettings();
  const phone = s.phoneActive ? phoneHref(s.phone) : null;
  const services = ([
    s.deliveryActive && { key: 'delivery', Icon: ScooterIcon, title: t('home.services.delivery'), text: t('home.services.deliveryText') },
    s.pickupActive && { key: 'pickup', Icon: BagIcon, title: t('home.services.pickup'), text: t('home.services.pickupText') },
    s.dineInActive && { key: 'dine-in', Icon: DishIcon, title: t('home.services.dineIn'), text: t('home.services.dineInText') },
  ] as (Service | false)[]).filter((x): x is Service => Boolean(x));

  return (
    <div className="mx-auto max-w-5xl px-4 pt-4 md:pt-8">
      <section
        data-testid="home-hero"
        className="relative isolate overflow-hidden rounded-[28px] bg-brand px-5 pt-6 pb-6 text-on-brand shadow-[0_18px_40px_-24px_var(--brand)] md:px-10 md:py-12"
      >
        <HeroArt className="pointer-events-none absolute -end-10 -bottom-16 -z-10 w-56 opacity-15 md:-end-4 md:w-80" />
        <p className="inline-flex rounded-full bg-on-brand/10 px-3 py-1 text-xs font-bold tracking-wider uppercase">{t('home.eyebrow')}</p>
        <h1 data-testid="hero-title" className="mt-4 text-[34px] leading-[1.05] font-black tracking-tight text-balance md:text-6xl">
          {merchant.name}
        </h1>
        <p className="mt-3 max-w-[30ch] text-[15px] leading-relaxed opacity-90 md:max-w-md md:text-lg">{t('home.welcome')}</p>
        {(s.branchesActive || s.aboutMerchantActive) && (
          <div className="mt-6 flex flex-wrap gap-2.5">
            {s.branchesActive && (
              <Link
                to="/branches"
                data-testid="home-branches-link"
                className="inline-flex h-12 flex-auto items-center justify-center gap-2 rounded-2xl bg-on-brand px-4 text-[15px] font-bold whitespace-nowrap text-brand transition-opacity hover:opacity-90 sm:flex-none sm:ps-4 sm:pe-5"
              >
                <MapPinIcon size={20} className="shrink-0" />
                {t('home.branchesCta')}
              </Link>
            )}
            {s.aboutMerchantActive && (
              <Link
                to="/about"
                data-testid="home-about-link"
                className="inline-flex h-12 flex-auto items-center justify-center gap-2 rounded-2xl border-2 border-on-brand/25 px-4 text-[15px] font-semibold whitespace-nowrap transition-colors hover:bg-on-brand/10 sm:flex-none sm:ps-4 sm:pe-5"
              >
                <InfoIcon size={20} className="shrink-0" />
                {t('home.aboutCta')}
              </Link>
            )}
          </div>
        )}
      </section>

      {services.length > 0 && (
        <section className="mt-8" aria-labelledby="home-services-title">
          <h2 id="home-services-title" className="text-lg font-extrabold tracking-tight">
            {t('home.services.title')}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(15rem,1fr))]">
            {services.map(({ key, Icon, title, text }) => (
              <li key={key} data-testid={`service-${key}`} className="flex items-center gap-3.5 rounded-2xl border border-line bg-surface p-4">
                <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand/15 text-ink">
                  <Icon size={24} />
                </span>
                <span className="min-w-0">
                  <span className="block font-bold">{title}</span>
                  <span className="block text-sm text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* The menu feature replaces this block with the groups, categories and products. */}
      <section className="mt-8" aria-labelledby="home-menu-title" data-testid="menu-slot">
        <h2 id="home-menu-title" className="text-lg font-extrabold tracking-tight">
          {t('home.menu.title')}
        </h2>
        <div className="mt-3 flex flex-col items-center rounded-3xl border border-dashed border-line bg-surface px-6 py-10 text-center">
          <span className="grid size-16 place-items-center rounded-full bg-brand/15">
            <DishIcon size={30} />
          </span>
          <p className="mt-4 text-base font-bold">{t('home.menu.soonTitle')}</p>
          <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-muted">{t('home.menu.soonText')}</p>
        </div>
      </section>

      {phone && (
        <a
          href={phone}
          data-testid="home-call"
          className="mt-4 flex items-center gap-3.5 rounded-2xl border border-line bg-surface p-4 transition-colors hover:bg-surface-2"
        >
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand text-on-brand">
            <PhoneIcon size={22} />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-bold">{t('home.links.call')}</span>
            <span className="block text-sm text-muted">
              <span dir="ltr">{formatPhone(s.phone)}</span>
            </span>
          </span>
          <ChevronEndIcon size={20} className="text-muted rtl:-scale-x-100" />
        </a>
      )}
    </div>
  );
}
