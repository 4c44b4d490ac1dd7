import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { pickText } from '@dasturxon/domain';
import type { CourierTracking } from '@dasturxon/domain/contracts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useNumberText } from '../../shared/catalogue/price.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { MapPinIcon } from '../../shared/ui/icons.tsx';
import { PhoneIcon, ScooterIcon } from '../../shared/ui/more-icons.tsx';
import { LoadFailed } from '../../shared/ui/page-parts.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { isLive } from './order-live.ts';
import { isOrderNotFound, OrderNotFound } from './order-page.tsx';
import { StatusBadge } from './order-parts.tsx';
import { orderQuery, trackingQuery } from './orders.api.ts';
import { TrackingMap } from './tracking-map.tsx';
import { useLiveOrderQuery } from './use-order-events.ts';

/**
 * `/profile/orders/{id}/map` (map layout, issue 15): the order's branch, where it goes and its courier on a map, the
 * courier moving with the `position` events of the order's stream; the courier's name and a call, the status, and the
 * way back to the order.
 */
export function OrderMapPage() {
  const loggedIn = useIsLoggedIn();
  const { id = '' } = useParams();
  return loggedIn ? (
    <OrderMap id={id} />
  ) : (
    <Clear>
      <LoginPrompt />
    </Clear>
  );
}

/** A page's content below the layout's floating way back. */
function Clear({ children }: { children: ReactNode }) {
  return <div className="mx-auto h-full w-full max-w-xl overflow-y-auto px-4 pt-20 pb-10">{children}</div>;
}

function OrderMap({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: tracking, isPending, error, refetch } = useLiveOrderQuery(id, trackingQuery(id));

  useEffect(() => {
    document.title = t('orders.map.title');
  }, [t]);

  if (isPending) return <PageSpinner />;
  if (isOrderNotFound(error)) {
    return (
      <Clear>
        <OrderNotFound testId="order-map-not-found" />
      </Clear>
    );
  }
  if (error) {
    return (
      <Clear>
        <LoadFailed testId="order-map-error" icon={<MapPinIcon size={28} />} error={error} onRetry={() => void refetch()} />
      </Clear>
    );
  }
  return (
    <div
      data-testid="order-map-page"
      data-status={tracking.status}
      data-courier={tracking.position ? 'shown' : 'none'}
      className="flex h-full flex-col"
    >
      <h1 className="sr-only">{t('orders.map.title')}</h1>
      <div className="relative min-h-0 flex-1">
        <TrackingMap tracking={tracking} />
      </div>
      <TrackingPanel id={id} tracking={tracking} />
    </div>
  );
}

function TrackingPanel({ id, tracking }: { id: string; tracking: CourierTracking }) {
  const { t, language } = useTranslation();
  const numberText = useNumberText();
  // The number comes with the order, usually in the cache already (the customer came from its page).
  const { data: order } = useQuery(orderQuery(id));
  const live = isLive(tracking.status);
  const courier = tracking.courier;
  return (
    <section
      data-testid="order-map-panel"
      aria-label={t('orders.map.title')}
      className="relative z-[460] -mt-6 w-full rounded-t-[28px] bg-surface px-5 pt-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-[0_-12px_40px_-12px_rgb(0_0_0/0.4)] md:mx-auto md:mb-6 md:max-w-xl md:rounded-[28px]"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 className="text-xl leading-snug font-extrabold tracking-tight">
          {order ? numberText(t('orders.number', { number: String(order.number) })) : t('orders.map.title')}
        </h2>
        <StatusBadge status={tracking.status} />
      </div>

      {courier ? (
        <div data-testid="order-map-courier" className="mt-4 flex items-center gap-3">
          <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-full bg-brand text-on-brand">
            <ScooterIcon size={22} className="rtl:-scale-x-100" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-[13px] text-muted">{t('orders.map.courier')}</span>
            <span data-testid="order-map-courier-name" className="block truncate font-bold">
              <bdi>{courier.name}</bdi>
            </span>
          </span>
          {live && courier.phone && (
            <a
              href={`tel:${courier.phone.replace(/[^\d+]/g, '')}`}
              data-testid="order-map-call"
              aria-label={`${t('orders.map.call')}: ${courier.name}`}
              className={buttonClass({ variant: 'soft', size: 'sm' })}
            >
              <PhoneIcon size={18} />
              {t('orders.map.call')}
            </a>
          )}
        </div>
      ) : (
        live && (
          <p data-testid="order-map-no-courier" className="mt-4 rounded-2xl bg-surface-2 px-3.5 py-2.5 text-[14px] text-muted">
            {t('orders.map.noCourier')}
          </p>
        )
      )}
      {courier && live && !tracking.position && (
        <p data-testid="order-map-no-position" className="mt-3 rounded-2xl bg-surface-2 px-3.5 py-2.5 text-[14px] text-muted">
          {t('orders.map.noPosition')}
        </p>
      )}

      <ul className="mt-4 space-y-1.5 text-[14px]">
        <li className="flex items-center gap-2.5">
          <span aria-hidden="true" className="size-3 shrink-0 rounded-full border-2 border-white bg-brand shadow" />
          <span className="text-muted">{t('orders.map.branch')}</span>
          <bdi className="min-w-0 truncate font-semibold">{pickText(tracking.branch.name, language)}</bdi>
        </li>
        {tracking.address && (
          <li className="flex items-center gap-2.5">
            <span aria-hidden="true" className="size-3 shrink-0 rounded-full border-2 border-white bg-[#16181d] shadow" />
            <span className="text-muted">{t('orders.map.address')}</span>
            {order?.address && (
              <bdi className="min-w-0 truncate font-semibold">
                {[order.address.streetName, order.address.houseNumber].filter(Boolean).join(' ') || order.address.description}
              </bdi>
            )}
          </li>
        )}
      </ul>

      <Link
        to={`/profile/orders/${id}`}
        data-testid="order-map-back"
        className={`mt-5 ${buttonClass({ variant: 'secondary', wide: true })}`}
      >
        {t('orders.map.toOrder')}
      </Link>
    </section>
  );
}
