import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDayWords, pickText, type QuoteResponse } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useOnlyBranch } from '../../shared/catalogue/branches.api.ts';
import { placeTitle } from '../../shared/order/place-title.ts';
import { AlertIcon, BagIcon, DishIcon } from '../../shared/ui/icons.tsx';
import { ScooterIcon } from '../../shared/ui/more-icons.tsx';
import type { Checkout } from './use-checkout.ts';
import { PriceBreakdown } from '../../shared/catalogue/price-breakdown.tsx';

/* The pieces both checkout screens draw: a titled card, a notice, where the order goes, the server's totals. */

export function Card({ id, title, children, testId }: { id: string; title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} aria-labelledby={id} className="rounded-3xl border border-line bg-surface p-4">
      <h2 id={id} className="mb-3 text-[17px] leading-snug font-extrabold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Notice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p
      data-testid={testId}
      role="alert"
      className="flex items-start gap-2 rounded-2xl bg-amber-500/10 px-3.5 py-3 text-[14px] leading-snug font-semibold text-amber-800 dark:text-amber-300"
    >
      <AlertIcon size={18} className="mt-px shrink-0" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}

const LABEL = { DELIVERY: 'order.deliverTo', PICK_UP: 'order.pickupAt', DINE_IN: 'order.dineInAt' } as const;

/** The delivery address or the branch of the order, and (on /checkout) the way to change it. */
export function Destination({ c, change = true, error }: { c: Checkout; change?: boolean; error?: string | null }) {
  const { t, language } = useTranslation();
  const kind = c.delivered ? 'DELIVERY' : c.serviceType === 'DINE_IN' ? 'DINE_IN' : 'PICK_UP';
  const Icon = kind === 'DELIVERY' ? ScooterIcon : kind === 'DINE_IN' ? DishIcon : BagIcon;
  const value = c.table
    ? `${t('table.name', { name: c.table.table.name })} · ${pickText(c.table.hall.name, language)}`
    : c.delivered
      ? c.address
        ? placeTitle(c.address)
        : null
      : c.branch
        ? pickText(c.branch.name, language)
        : null;
  // Pickup from a brand's only branch: nothing to change (issue 29).
  const only = useOnlyBranch(!c.delivered);
  return (
    <div>
      <div
        data-testid="checkout-destination"
        data-service={kind}
        className={`flex items-center gap-3 rounded-2xl border bg-surface py-3 ps-3.5 pe-2 ${error ? 'border-red-500' : 'border-line'}`}
      >
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-2">
          <Icon size={20} />
        </span>
        <p className="min-w-0 flex-1 leading-snug">
          <span className="block text-[13px] text-muted">{t(LABEL[kind])}</span>
          <span data-testid="checkout-destination-value" className={`block truncate font-semibold ${value ? '' : 'text-muted'}`}>
            <bdi>{value ?? t(c.delivered ? 'order.noAddress' : 'order.noBranch')}</bdi>
          </span>
        </p>
        {change && !c.table && !(only && !c.delivered) && (
          <Link
            to="/choose-address?next=/checkout"
            data-testid="checkout-destination-change"
            className="flex h-10 shrink-0 items-center rounded-full px-3 text-[14px] font-bold text-ink transition-colors hover:bg-surface-2"
          >
            {t('order.change')}
          </Link>
        )}
      </div>
      {error && (
        <p data-testid="checkout-destination-error" className="mt-1.5 px-1 text-[13px] font-semibold text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The amounts of the server's quote; dimmed while the answer for the latest choice is on its way. */
export function Totals({
  totals,
  pending,
  delivered,
  noAddress = false,
}: {
  totals: QuoteResponse | null;
  pending: boolean;
  delivered: boolean;
  /** No delivery address chosen yet: the delivery's price depends on it (issue 29), never "free". */
  noAddress?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="checkout-totals"
      data-state={pending || !totals ? 'pending' : 'quoted'}
      aria-busy={pending}
      aria-labelledby="checkout-totals-title"
      className="rounded-3xl border border-line bg-surface p-4"
    >
      <h2 id="checkout-totals-title" className="mb-3 text-[17px] font-extrabold tracking-tight">
        {t('checkout.totals.title')}
      </h2>
      {!totals ? (
        <div className="h-24 animate-pulse rounded-2xl bg-surface-2 motion-reduce:animate-none" />
      ) : (
        <PriceBreakdown
          amounts={totals}
          testId="checkout-total"
          totalTestId="checkout-total"
          delivered={delivered}
          deliveryUnknown={noAddress ? t('checkout.totals.dependsOnAddress') : null}
          className={`transition-opacity ${pending ? 'opacity-60' : ''}`}
        />
      )}
    </section>
  );
}

/** 'Today', 'Tomorrow', else the weekday and date of a day 'YYYY-MM-DD' in the interface language. */
export function useDayLabel(): (day: string, offset: number) => string {
  const { t, language } = useTranslation();
  return (day, offset) => {
    if (offset === 0) return t('checkout.when.today');
    if (offset === 1) return t('checkout.when.tomorrow');
    return formatDayWords(day, language);
  };
}
