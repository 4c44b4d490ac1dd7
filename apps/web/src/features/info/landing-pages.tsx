import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPhone, pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { phoneHref } from '../../lib/links.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { useFormatSum } from '../../shared/catalogue/price.ts';
import { useAppLinks, type AppLinkKey } from '../../shared/merchant/app-links.tsx';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { logoSrc } from '../../shared/merchant/theme.ts';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';
import { BagIcon, DishIcon, Icon, MapPinIcon, type IconProps } from '../../shared/ui/icons.tsx';
import { PhoneIcon, ScooterIcon } from '../../shared/ui/more-icons.tsx';
import { usePolicy } from './info.api.ts';
import { paragraphs } from './policy-text.ts';

/*
 * The merchant's landing pages (extra layout: header, no footer), built from its settings and
 * texts, so every brand has them without writing a page: /extra the brand's story, /extra2 how
 * delivery and pickup work, /extr3 where to get the brand's apps.
 */

const WalletIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="13" rx="3" />
    <path d="M3 10h18M16 14.5h2" />
  </Icon>
);

const cta =
  'inline-flex h-12 items-center justify-center gap-2 rounded-2xl px-6 text-[15px] font-bold transition-[filter,background-color] hover:brightness-95 active:brightness-90';

function useTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The brand's colour band at the top of a landing page. */
function Hero({ eyebrow, title, text, children }: { eyebrow: string; title: string; text?: string; children?: ReactNode }) {
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  return (
    <section className="relative isolate overflow-hidden rounded-[28px] bg-brand px-5 py-7 text-on-brand shadow-[0_18px_40px_-24px_var(--brand)] md:px-10 md:py-12">
      <span aria-hidden="true" className="absolute -end-16 -top-16 -z-10 size-56 rounded-full bg-on-brand/10" />
      <span aria-hidden="true" className="absolute -bottom-20 end-24 -z-10 size-40 rounded-full bg-on-brand/10" />
      <div className="flex items-center gap-3">
        <BrandLogo src={logoSrc(settings, merchant)} name={merchant.name} size={44} className="bg-white/90 p-1" />
        <p className="text-xs font-bold tracking-wider uppercase opacity-85">{eyebrow}</p>
      </div>
      <h1 className="mt-5 max-w-2xl text-[32px] leading-[1.08] font-black tracking-tight text-balance md:text-5xl">{title}</h1>
      {text && <p className="mt-3 max-w-xl text-[15px] leading-relaxed opacity-90 md:text-lg">{text}</p>}
      {children && <div className="mt-6 flex flex-wrap gap-2.5">{children}</div>}
    </section>
  );
}

function Card({ icon, title, text }: { icon: ReactNode; title: string; text: ReactNode }) {
  return (
    <li className="flex gap-3.5 rounded-3xl bg-surface p-4">
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand/15 text-ink">{icon}</span>
      <span className="min-w-0">
        <span className="block font-bold">{title}</span>
        <span className="mt-0.5 block text-sm leading-relaxed text-muted">{text}</span>
      </span>
    </li>
  );
}

interface Service {
  key: string;
  Icon: ComponentType<{ size?: number }>;
  title: string;
  text: string;
}

/** The ways to receive an order the merchant offers, each only when switched on. */
function useServices() {
  const { t } = useTranslation();
  const s = useMerchantSettings();
  const list: (Service | false)[] = [
    s.deliveryActive && { key: 'delivery', Icon: ScooterIcon, title: t('home.services.delivery'), text: t('home.services.deliveryText') },
    s.pickupActive && { key: 'pickup', Icon: BagIcon, title: t('home.services.pickup'), text: t('home.services.pickupText') },
    s.dineInActive && { key: 'dine-in', Icon: DishIcon, title: t('home.services.dineIn'), text: t('home.services.dineInText') },
  ];
  return list.filter((x): x is Service => Boolean(x));
}

/** /extra: the brand's story: its name and title, the start of its about text, how to get its food. */
export function BrandStoryPage() {
  const { t, language } = useTranslation();
  const merchant = useCurrentMerchant();
  const s = useMerchantSettings();
  const about = usePolicy('ABOUT_COMPANY', s.aboutMerchantActive);
  const story = paragraphs(pickText(about.data?.text, language)).slice(0, 3);
  const services = useServices();
  useTitle(merchant.name);

  return (
    <div data-testid="landing-story" className="mx-auto w-full max-w-5xl px-4 pt-4 pb-12 md:pt-8">
      <Hero eyebrow={t('info.story.eyebrow')} title={pickText(s.title, language) || merchant.name} text={t('info.story.lead')}>
        <Link to="/" data-testid="landing-menu" className={`${cta} bg-on-brand text-brand`}>
          <DishIcon size={20} />
          {t('info.toMenu')}
        </Link>
        {s.branchesActive && (
          <Link to="/branches" className={`${cta} border-2 border-on-brand/25 hover:bg-on-brand/10`}>
            <MapPinIcon size={20} />
            {t('info.ourBranches')}
          </Link>
        )}
      </Hero>
      {story.length > 0 && (
        <section className="mt-8 grid gap-4 md:grid-cols-[1fr_2fr] md:gap-10">
          <h2 className="text-2xl font-extrabold tracking-tight">{t('info.story.title', { brand: merchant.name })}</h2>
          <div className="flex flex-col gap-3 text-[16px] leading-relaxed text-pretty">
            {story.map((p, i) => (
              <p key={i} className="whitespace-pre-line">
                {p}
              </p>
            ))}
            {s.aboutMerchantActive && (
              <Link to="/about" className="font-bold underline underline-offset-4">
                {t('info.readMore')}
              </Link>
            )}
          </div>
        </section>
      )}
      {services.length > 0 && (
        <section className="mt-10">
          <h2 className="text-2xl font-extrabold tracking-tight">{t('home.services.title')}</h2>
          <ul className="mt-4 grid gap-3 md:grid-cols-3">
            {services.map(({ key, Icon, title, text }) => (
              <Card key={key} icon={<Icon size={24} />} title={title} text={text} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** /extra2: how ordering, delivery and payment work, with the figures of the merchant's branches. */
export function DeliveryInfoPage() {
  const { t } = useTranslation();
  const formatSum = useFormatSum();
  const s = useMerchantSettings();
  const { data: branches } = useBranches();
  useTitle(t('info.delivery.title'));

  const figures = useMemo(() => {
    const delivering = (branches ?? []).filter((b) => b.isActive && b.settings.deliveryEnabled);
    if (!delivering.length) return null;
    const prices = delivering.map((b) => b.deliveryPrice);
    const mins = delivering.map((b) => b.deliveryMinAmount).filter((m) => m > 0);
    return { from: Math.min(...prices), to: Math.max(...prices), minOrder: mins.length ? Math.min(...mins) : 0 };
  }, [branches]);

  const payments = [
    s.cashActive && t('info.delivery.pay.cash'),
    s.terminalActive && t('info.delivery.pay.terminal'),
    s.clickActive && 'Click',
    s.paymeActive && 'Payme',
    s.uzumActive && 'Uzum',
  ].filter((x): x is string => Boolean(x));

  const steps = [t('info.delivery.step1'), t('info.delivery.step2'), t('info.delivery.step3'), t('info.delivery.step4')];

  return (
    <div data-testid="landing-delivery" className="mx-auto w-full max-w-5xl px-4 pt-4 pb-12 md:pt-8">
      <Hero eyebrow={t('info.delivery.eyebrow')} title={t('info.delivery.title')} text={t('info.delivery.lead')}>
        <Link to="/" className={`${cta} bg-on-brand text-brand`}>
          <DishIcon size={20} />
          {t('info.toMenu')}
        </Link>
      </Hero>
      <section className="mt-8">
        <h2 className="text-2xl font-extrabold tracking-tight">{t('info.delivery.how')}</h2>
        <ol className="mt-4 grid gap-3 md:grid-cols-4">
          {steps.map((step, i) => (
            <li key={i} className="flex items-center gap-3 rounded-3xl bg-surface p-4 md:flex-col md:items-start">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand text-lg font-black text-on-brand">
                {i + 1}
              </span>
              <span className="text-[15px] font-semibold">{step}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="mt-10">
        <h2 className="text-2xl font-extrabold tracking-tight">{t('info.delivery.terms')}</h2>
        <ul className="mt-4 grid gap-3 md:grid-cols-3">
          {s.deliveryActive && figures && (
            <Card
              icon={<ScooterIcon size={24} />}
              title={t('home.services.delivery')}
              text={
                figures.from === figures.to
                  ? t('info.delivery.price', { price: formatSum(figures.from) })
                  : t('info.delivery.priceRange', { from: formatSum(figures.from), to: formatSum(figures.to) })
              }
            />
          )}
          {s.deliveryActive && figures && figures.minOrder > 0 && (
            <Card
              icon={<BagIcon size={24} />}
              title={t('info.delivery.minOrderTitle')}
              text={t('info.delivery.minOrder', { amount: formatSum(figures.minOrder) })}
            />
          )}
          {s.pickupActive && <Card icon={<MapPinIcon size={24} />} title={t('home.services.pickup')} text={t('info.delivery.pickup')} />}
          {payments.length > 0 && <Card icon={<WalletIcon size={24} />} title={t('info.delivery.payTitle')} text={payments.join(' · ')} />}
        </ul>
      </section>
    </div>
  );
}

/** /extr3: the brand's apps and bot (each when switched on), else how to keep the site at hand. */
export function AppsPage() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const s = useMerchantSettings();
  useTitle(t('info.apps.title', { brand: merchant.name }));
  const apps = useAppLinks();
  const appText: Record<AppLinkKey, string> = { ios: t('info.apps.ios'), android: t('info.apps.android'), bot: t('info.apps.bot') };
  const phone = s.phoneActive ? phoneHref(s.phone) : null;

  return (
    <div data-testid="landing-apps" className="mx-auto w-full max-w-5xl px-4 pt-4 pb-12 md:pt-8">
      <Hero eyebrow={t('info.apps.eyebrow')} title={t('info.apps.title', { brand: merchant.name })} text={t('info.apps.lead')} />
      {apps.length > 0 ? (
        <ul className="mt-8 grid gap-3 md:grid-cols-3">
          {apps.map(({ key, href, Icon, label }) => (
            <li key={key}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`landing-app-${key}`}
                className="flex h-full items-center gap-4 rounded-3xl bg-surface p-5 transition-colors hover:bg-surface-2"
              >
                <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-ink text-bg">
                  <Icon size={28} />
                </span>
                <span>
                  <span className="block text-lg font-extrabold">{label}</span>
                  <span className="block text-sm text-muted">{appText[key]}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="landing-apps-none" className="mt-8 rounded-3xl bg-surface p-5 text-[15px] leading-relaxed">
          {t('info.apps.homeScreen')}
        </p>
      )}
      {phone && (
        <a href={phone} className="mt-3 flex items-center gap-4 rounded-3xl bg-surface p-5 transition-colors hover:bg-surface-2">
          <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand text-on-brand">
            <PhoneIcon size={26} />
          </span>
          <span>
            <span className="block text-sm text-muted">{t('info.callUs')}</span>
            <span dir="ltr" className="block text-lg font-extrabold">
              {formatPhone(s.phone)}
            </span>
          </span>
        </a>
      )}
    </div>
  );
}
