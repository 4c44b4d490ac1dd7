import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { PROMO_LEGAL_BENEFIT, type PublicPromo } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { NotFoundPage } from '../../app/pages/not-found-page.tsx';
import { setPromoCode, usePromoCode } from '../../shared/basket/promo-code.ts';
import { useFormatSum, useNumberText } from '../../shared/catalogue/price.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { CheckIcon, CopyIcon, TicketIcon } from '../../shared/ui/more-icons.tsx';
import { BackLink, LoadFailed } from '../../shared/ui/page-parts.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { promoWords } from './promo-terms.ts';
import { usePublicPromos } from './promos.api.ts';

/*
 * `/profile/promos` (issue 31, spec sections 2, 8 and 9): the brand's listed promo codes the customer can use now,
 * each with its conditions, a copy button ("promo code copied") and "apply", which puts the code in the basket (the
 * quote then judges it against the real basket) and goes there. Open to guests too: the codes are the brand's to
 * publish. The 404 page while the brand's promoActive is off.
 */

export function PromosPage() {
  const settings = useMerchantSettings();
  if (!settings.promoActive) return <NotFoundPage />;
  return <PromoList legal={settings.promoLegalTextActive} />;
}

function PromoList({ legal }: { legal: boolean }) {
  const { t } = useTranslation();
  const signedIn = useIsLoggedIn();
  const sum = useFormatSum();
  const list = usePublicPromos(signedIn, true);
  useEffect(() => {
    document.title = t('profile.menu.promos');
  }, [t]);
  return (
    <div data-testid="promos-page" className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <BackLink to="/profile" label={t('addresses.backToProfile')} />
      <h1 className="mt-2 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('profile.menu.promos')}</h1>
      <p className="mt-1 mb-5 px-1 text-[15px] text-muted">{t('promos.subtitle')}</p>
      {list.isPending ? (
        <PageSpinner />
      ) : list.error ? (
        <LoadFailed testId="promos-error" icon={<TicketIcon size={28} />} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.content.length === 0 ? (
        <EmptyState
          testId="promos-empty"
          framed
          icon={<TicketIcon size={28} />}
          title={t('promos.emptyTitle')}
          text={t('promos.emptyText')}
          action={
            <Link to="/" className={buttonClass({ variant: 'secondary' })}>
              {t('promos.toMenu')}
            </Link>
          }
        />
      ) : (
        <ul className="flex flex-col gap-4" data-testid="promo-list">
          {list.data.content.map((promo) => (
            <PromoCard key={promo.id} promo={promo} />
          ))}
        </ul>
      )}
      {/* The sentence speaks of the codes: with none shown, it is not either. */}
      {legal && (list.data?.content.length ?? 0) > 0 && (
        <p data-testid="promos-legal" className="mt-6 px-1 text-[13px] leading-relaxed text-muted">
          {t('promos.legal', { amount: sum(PROMO_LEGAL_BENEFIT) })}
        </p>
      )}
    </div>
  );
}

function PromoCard({ promo }: { promo: PublicPromo }) {
  const { t, language } = useTranslation();
  const sum = useFormatSum();
  const numbers = useNumberText();
  const navigate = useNavigate();
  const merchantId = useCurrentMerchant().id;
  const applied = usePromoCode();
  const inBasket = applied?.toLowerCase() === promo.code.toLowerCase();
  const { headline, terms } = promoWords(promo, { t, sum, numbers, language });

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(promo.code);
      toast(t('promos.copied'), 'success');
    } catch {
      // No clipboard here (an old browser, a page not served over https): the code in a notice, to be typed.
      toast(promo.code, 'info');
    }
  };
  const apply = () => {
    if (!inBasket) {
      setPromoCode(merchantId, promo.code);
      toast(t('basket.promo.added'), 'success');
    }
    void navigate('/basket');
  };

  return (
    <li
      data-testid="promo-card"
      data-code={promo.code}
      className="overflow-hidden rounded-3xl border border-line bg-surface shadow-[0_1px_2px_rgb(0_0_0/0.04)]"
    >
      <div className="flex items-center gap-3 bg-brand px-4 py-3 text-on-brand">
        <TicketIcon size={22} className="shrink-0" />
        <p data-testid="promo-headline" className="min-w-0 flex-1 truncate text-xl font-extrabold tracking-tight">
          <bdi>{headline}</bdi>
        </p>
        {inBasket && (
          <span
            data-testid="promo-in-basket"
            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-black/15 px-2.5 py-1 text-xs font-bold"
          >
            <CheckIcon size={14} />
            {t('promos.inBasket')}
          </span>
        )}
      </div>
      <div className="px-4 pt-3.5 pb-4">
        {/* The code itself copies it: one tap, as customers expect of a code they will type elsewhere. */}
        <button
          type="button"
          data-testid="promo-copy"
          onClick={() => void copy()}
          aria-label={`${t('promos.copy')} ${promo.code}`}
          className="inline-flex items-center gap-2.5 rounded-xl border-2 border-dashed border-line px-3 py-1.5 transition-colors hover:bg-surface-2 focus-visible:ring-4 focus-visible:ring-ink/20"
        >
          <span data-testid="promo-code" dir="ltr" className="font-mono text-lg font-extrabold tracking-widest uppercase">
            {promo.code}
          </span>
          <CopyIcon size={18} className="text-muted" />
        </button>
        <ul data-testid="promo-terms" className="mt-3 flex flex-col gap-1 text-[15px] leading-snug">
          {terms.map((term, i) => (
            <li key={i} className={i === 0 ? 'font-semibold' : 'text-muted'}>
              {term}
            </li>
          ))}
        </ul>
        <Button testId="promo-apply" wide className="mt-4" onClick={apply}>
          {inBasket ? t('promos.toBasket') : t('promos.apply')}
        </Button>
      </div>
    </li>
  );
}
