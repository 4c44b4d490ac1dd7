import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPhone, pickText, type MerchantSettings, type PolicyType } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { phoneHref } from '../../lib/links.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { logoSrc } from '../../shared/merchant/theme.ts';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';
import { MapPinIcon } from '../../shared/ui/icons.tsx';
import { ChevronEndIcon, InfoIcon, PhoneIcon } from '../../shared/ui/more-icons.tsx';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { usePolicy } from './info.api.ts';
import { paragraphs } from './policy-text.ts';

type Flag = keyof Pick<MerchantSettings, 'aboutMerchantActive' | 'termsOfUseActive' | 'privacyActive'>;

/**
 * A company text (spec: company policies) as paragraphs of plain text: whatever the merchant typed
 * is shown, never interpreted as markup. Only while the merchant's setting shows the page.
 */
function PolicyPage({
  type,
  flag,
  title,
  testId,
  aside,
}: {
  type: PolicyType;
  flag: Flag;
  title: string;
  testId: string;
  aside?: ReactNode;
}) {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const settings = useMerchantSettings();
  const enabled = settings[flag];
  const { data, isPending, error, refetch } = usePolicy(type, enabled);
  const text = paragraphs(pickText(data?.text, language));

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!enabled) {
    return (
      <StatusScreen
        testId="info-unavailable"
        icon={<InfoIcon size={44} strokeWidth={1.6} />}
        title={t('info.unavailableTitle')}
        text={t('info.unavailableText')}
        actions={
          <Link to="/" className={buttonClass()}>
            {t('info.toMenu')}
          </Link>
        }
      />
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 pt-6 pb-8 md:pt-10">
      <div className={aside ? 'md:grid md:grid-cols-[minmax(0,1fr)_18rem] md:gap-10' : ''}>
        <article data-testid={testId} className="mx-auto w-full max-w-[42rem] md:mx-0">
          <h1 className="text-[28px] leading-tight font-extrabold tracking-tight text-balance md:text-4xl">{title}</h1>
          <div className="mt-5 rounded-3xl bg-surface px-5 py-6 md:px-8 md:py-8">
            {isPending ? (
              <div aria-busy="true" className="flex flex-col gap-2.5">
                {[100, 92, 97, 60, 0, 95, 88, 70].map((w, i) => (
                  <span
                    key={i}
                    className="h-4 rounded bg-surface-2 motion-safe:animate-pulse"
                    style={{ width: `${w}%`, opacity: w ? 1 : 0 }}
                  />
                ))}
              </div>
            ) : error ? (
              <div data-testid="policy-error" className="text-center">
                <p className="font-semibold">{errorText(error)}</p>
                <Button size="sm" onClick={() => void refetch()} className="mt-4">
                  {t('common.retry')}
                </Button>
              </div>
            ) : text.length === 0 ? (
              <p data-testid="policy-empty" className="text-center text-muted">
                {t('info.empty')}
              </p>
            ) : (
              <div data-testid="policy-text" className="flex flex-col gap-4 text-[16px] leading-relaxed text-pretty" dir="auto">
                {text.map((p, i) => (
                  <p key={i} className="break-words whitespace-pre-line">
                    {p}
                  </p>
                ))}
              </div>
            )}
          </div>
        </article>
        {aside}
      </div>
    </div>
  );
}

export function AboutPage() {
  const { t } = useTranslation();
  return <PolicyPage type="ABOUT_COMPANY" flag="aboutMerchantActive" title={t('info.about')} testId="about-page" aside={<AboutAside />} />;
}

export function OffertaPage() {
  const { t } = useTranslation();
  return <PolicyPage type="TERMS" flag="termsOfUseActive" title={t('info.terms')} testId="offerta-page" />;
}

export function PrivacyPage() {
  const { t } = useTranslation();
  return <PolicyPage type="PRIVACY_POLICY" flag="privacyActive" title={t('info.privacy')} testId="privacy-page" />;
}

/** Beside the company's story: its logo, how to call, and where its branches are. */
function AboutAside() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const s = useMerchantSettings();
  const phones = [...new Set([s.phoneActive ? s.phone : '', ...s.contacts].filter((p) => phoneHref(p)))];
  return (
    <aside className="mt-6 flex flex-col gap-3 md:mt-[4.25rem]">
      <div className="flex items-center gap-3 rounded-3xl bg-surface p-4">
        <BrandLogo src={logoSrc(s, merchant)} name={merchant.name} size={48} />
        <span className="text-lg font-extrabold">{merchant.name}</span>
      </div>
      {phones.map((p) => (
        <a
          key={p}
          href={phoneHref(p)!}
          data-testid="about-phone"
          className="flex items-center gap-3 rounded-3xl bg-surface p-4 transition-colors hover:bg-surface-2"
        >
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-brand text-on-brand">
            <PhoneIcon size={20} />
          </span>
          <span className="min-w-0">
            <span className="block text-xs text-muted">{t('info.callUs')}</span>
            <span dir="ltr" className="block font-bold">
              {formatPhone(p)}
            </span>
          </span>
        </a>
      ))}
      {s.branchesActive && (
        <Link to="/branches" className="flex items-center gap-3 rounded-3xl bg-surface p-4 transition-colors hover:bg-surface-2">
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-surface-2">
            <MapPinIcon size={20} />
          </span>
          <span className="min-w-0 flex-1 font-bold">{t('info.ourBranches')}</span>
          <ChevronEndIcon size={20} className="text-muted rtl:-scale-x-100" />
        </Link>
      )}
    </aside>
  );
}
