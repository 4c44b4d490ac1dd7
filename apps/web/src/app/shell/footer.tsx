import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { APP_VERSION, DEFAULT_TIME_ZONE, formatPhone, pickText, zonedDay } from '@dasturxon/domain';
import { useLanguage } from '../../i18n/i18n.ts';
import { phoneHref, socialHref } from '../../lib/links.ts';
import { useAppLinks } from '../../shared/merchant/app-links.tsx';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { logoSrc } from '../../shared/merchant/theme.ts';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';
import { FacebookIcon, InstagramIcon, PhoneIcon, TelegramIcon } from '../../shared/ui/more-icons.tsx';
import { DevBrandSwitcher } from './dev-brand-switcher.tsx';

/**
 * The year of the copyright, on Tashkent's calendar and read at each drawing, not once when the server started nor in
 * the device's own clock zone. A page the server keeps (its page cache) may still be one drawn last year: the one line
 * that may then differ is marked `suppressHydrationWarning`, so taking the page over is no mismatch (#418).
 */
const currentYear = (): string => zonedDay(new Date(), DEFAULT_TIME_ZONE).slice(0, 4);

interface ExternalLink {
  key: string;
  href: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

const present = <T,>(items: (T | false | null)[]): T[] => items.filter((i): i is T => Boolean(i));

function Heading({ children }: { children: ReactNode }) {
  return <h2 className="mb-3 text-xs font-bold tracking-wider text-muted uppercase">{children}</h2>;
}

/** Contacts, social and app links (each only when its flag is on), useful links and the copyrights. */
export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const merchant = useCurrentMerchant();
  const s = useMerchantSettings();

  const phone = s.phoneActive ? phoneHref(s.phone) : null;
  const social = present<ExternalLink>([
    s.telegramActive && href('telegram', socialHref('telegram', s.telegram), 'Telegram', TelegramIcon),
    s.instagramActive && href('instagram', socialHref('instagram', s.instagram), 'Instagram', InstagramIcon),
    s.facebookActive && href('facebook', socialHref('facebook', s.facebook), 'Facebook', FacebookIcon),
  ]);
  const apps = useAppLinks();
  const links = present<{ to: string; label: string }>([
    s.aboutMerchantActive && { to: '/about', label: t('footer.about') },
    s.branchesActive && { to: '/branches', label: t('footer.branches') },
    s.termsOfUseActive && { to: '/offerta', label: t('footer.terms') },
    s.privacyActive && { to: '/privacy', label: t('footer.privacy') },
  ]);
  const left = pickText(s.leftCopyWrite, lang) || t('footer.copyright', { year: currentYear(), brand: merchant.name });
  const right = pickText(s.rightCopyWrite, lang);

  return (
    <footer data-testid="site-footer" className="mt-12 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[1.4fr_1fr_1fr]">
        <section>
          <div className="flex items-center gap-2.5">
            <BrandLogo src={logoSrc(s, merchant)} name={merchant.name} size={36} />
            <span className="text-base font-extrabold">{merchant.name}</span>
          </div>
          {(phone || social.length > 0) && (
            <div className="mt-5">
              <Heading>{t('footer.contacts')}</Heading>
              {phone && (
                <a
                  href={phone}
                  data-testid="footer-phone"
                  className="inline-flex items-center gap-2 text-lg font-bold tracking-tight hover:underline"
                >
                  <PhoneIcon size={18} />
                  <span dir="ltr">{formatPhone(s.phone)}</span>
                </a>
              )}
              {social.length > 0 && (
                <ul className="mt-4 flex gap-2" aria-label={t('footer.social')}>
                  {social.map(({ key, href: url, label, Icon }) => (
                    <li key={key}>
                      <a
                        href={url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={label}
                        data-testid={`footer-${key}`}
                        className="grid size-11 place-items-center rounded-full bg-surface-2 transition-colors hover:bg-brand hover:text-on-brand"
                      >
                        <Icon size={20} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </section>

        {links.length > 0 && (
          <nav aria-label={t('footer.links')}>
            <Heading>{t('footer.links')}</Heading>
            <ul className="grid gap-2.5 text-[15px]">
              {links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        {apps.length > 0 && (
          <section>
            <Heading>{t('footer.apps')}</Heading>
            <ul className="flex flex-wrap gap-2 md:flex-col md:items-start">
              {apps.map(({ key, href: url, label, Icon }) => (
                <li key={key}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`footer-app-${key}`}
                    className="inline-flex h-11 items-center gap-2 rounded-xl bg-ink ps-3 pe-4 text-sm font-semibold text-bg transition-opacity hover:opacity-90"
                  >
                    <Icon size={18} />
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-5xl flex-col gap-1.5 px-4 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-xs text-muted md:flex-row md:items-center md:justify-between">
          <span data-testid="copyright-left" dir="auto" suppressHydrationWarning>
            {left}
          </span>
          <span className="flex items-center gap-3">
            {right && (
              <span data-testid="copyright-right" dir="auto">
                {right}
              </span>
            )}
            {/* No fainter than the rest of the line: text-muted at 70% opacity read at 3.95:1 on the dark theme, below 4.5:1. */}
            <span data-testid="footer-version">{t('footer.version', { version: APP_VERSION })}</span>
          </span>
        </div>
      </div>
      <DevBrandSwitcher />
    </footer>
  );
}

function href(key: string, url: string | null, label: string, Icon: ExternalLink['Icon']): ExternalLink | null {
  return url ? { key, href: url, label, Icon } : null;
}
