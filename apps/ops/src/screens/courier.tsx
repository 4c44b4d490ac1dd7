import { useEffect, useState } from 'react';
import { awaitsCourier, carriesOrder, COURIER_POSITION_INTERVAL_SECONDS, pickText } from '@dasturxon/domain';
import type { StaffOrder } from '@dasturxon/domain/contracts';
import { chime } from '../alerts.ts';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import { telHref, time } from '../format.ts';
import { OrderActions } from '../orders/actions.tsx';
import { OrderAmounts } from '../orders/amounts.tsx';
import { PaymentBadge, StatusBadge } from '../orders/card.tsx';
import { useLiveOrders } from '../orders/live.ts';
import { Link } from 'react-router';
import { useSession } from '../session.ts';
import { ErrorNote, Loading } from '../ui.tsx';
import { Icon } from '../icons.tsx';

type GpsState = 'waiting' | 'sending' | 'denied' | 'error';

/**
 * While `active` (an order of the courier's is on the way), watches the phone's position and sends the latest one
 * every COURIER_POSITION_INTERVAL_SECONDS: the customer's map and the board follow the courier with it.
 */
function usePositionSender(active: boolean): GpsState | 'off' | 'unsupported' {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [state, setState] = useState<GpsState>('waiting');
  useEffect(() => {
    if (!active || !supported) return;
    let latest: GeolocationCoordinates | null = null;
    const send = () => {
      if (!latest) return;
      const { latitude, longitude, heading, accuracy } = latest;
      api
        .position({
          latitude,
          longitude,
          heading: heading !== null && Number.isFinite(heading) ? Math.min(360, Math.max(0, heading)) : null,
          accuracy: Number.isFinite(accuracy) ? Math.min(100_000, Math.max(0, accuracy)) : null,
        })
        .catch(() => {});
    };
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const first = latest === null;
        latest = position.coords;
        setState('sending');
        if (first) send();
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? 'denied' : latest ? 'sending' : 'error'),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    const timer = setInterval(send, COURIER_POSITION_INTERVAL_SECONDS * 1000);
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(timer);
    };
  }, [active, supported]);
  if (!supported) return 'unsupported';
  return active ? state : 'off';
}

const mapsHref = (o: StaffOrder) =>
  o.address ? `https://www.google.com/maps/search/?api=1&query=${o.address.latitude},${o.address.longitude}` : null;

function CourierCard({ order, onMoved }: { order: StaffOrder; onMoved: (order: StaffOrder) => void }) {
  const tr = useT();
  const a = order.address;
  const maps = mapsHref(order);
  return (
    <article
      data-testid={`order-card-${order.number}`}
      data-status={order.status}
      aria-label={tr.t('orderNo', { n: order.number })}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-2">
        <Link to={`/orders/${order.id}`} data-testid="order-link" className="text-2xl font-bold underline-offset-2 hover:underline">
          №{order.number}
        </Link>
        <StatusBadge order={order} tr={tr} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {pickText(order.branch.name, tr.content)} · {order.branch.address} · {time(order.readyTime ?? order.createdAt, tr)}
      </p>
      {a && (
        <p className="mt-2 font-medium">
          {[a.streetName, a.houseNumber].filter(Boolean).join(', ') || a.description}
          {a.details.office && `, ${tr.t('office')} ${a.details.office}`}
          {a.details.entrance && `, ${tr.t('entrance')} ${a.details.entrance}`}
          {a.details.floor && `, ${tr.t('floor')} ${a.details.floor}`}
        </p>
      )}
      {order.courierComment && <p className="mt-1 text-sm text-slate-700">{order.courierComment}</p>}
      {/* What the courier collects, line by line: the sum the customer is asked for is explained on the card. */}
      <OrderAmounts order={order} className="mt-2 space-y-0.5 text-sm" />
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        <PaymentBadge order={order} />
      </div>
      <div className="mt-2 flex flex-wrap gap-3 text-sm">
        {(order.receiver?.phone ?? order.customer.phone) && (
          <a
            href={telHref(order.receiver?.phone ?? order.customer.phone ?? '')}
            className="inline-flex items-center gap-1 font-medium text-emerald-700 underline"
            data-testid="call-customer"
          >
            <Icon name="phone" /> {tr.t('callCustomer')}
          </a>
        )}
        {maps && (
          <a
            href={maps}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-emerald-700 underline"
            data-testid="open-maps"
          >
            <Icon name="pin" /> {tr.t('openInMaps')}
          </a>
        )}
      </div>
      {order.next.length > 0 && (
        <div className="mt-3">
          <OrderActions order={order} onMoved={onMoved} size="large" />
        </div>
      )}
    </article>
  );
}

/** The courier's phone: their orders, the ready ones to take, and their position sent while they ride. */
export function CourierView() {
  const tr = useT();
  const { staff } = useSession();
  const live = useLiveOrders(
    (cursor) => api.orders(cursor),
    (_event, before, after) => {
      // A delivery order just became ready to take.
      if (after && awaitsCourier({ ...after, courierId: after.courier?.id ?? null }) && before?.status !== 'DONE') chime();
    },
  );
  const mine = live.orders
    .filter((o) => carriesOrder({ ...o, courierId: o.courier?.id ?? null }, staff.id))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const ready = live.orders
    .filter((o) => awaitsCourier({ ...o, courierId: o.courier?.id ?? null }))
    .sort((a, b) => (a.readyTime ?? a.createdAt).localeCompare(b.readyTime ?? b.createdAt));
  const riding = mine.some((o) => o.status === 'ON_WAY');
  const gps = usePositionSender(riding);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 p-3">
      {gps !== 'off' && (
        <p
          role={gps === 'denied' || gps === 'error' || gps === 'unsupported' ? 'alert' : 'status'}
          data-testid="gps-state"
          data-state={gps}
          className={`flex items-start gap-2 rounded-lg p-3 text-sm ${gps === 'sending' || gps === 'waiting' ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800'}`}
        >
          <Icon name="pin" className="mt-0.5 size-4" />
          {gps === 'sending' || gps === 'waiting' ? tr.t('gpsSending') : gps === 'denied' ? tr.t('gpsDenied') : tr.t('gpsUnavailable')}
        </p>
      )}
      {live.error !== null && <ErrorNote error={live.error} onRetry={live.reload} />}
      {live.loading ? (
        <Loading />
      ) : (
        <>
          <section aria-labelledby="courier-mine" data-testid="courier-mine" className="flex flex-col gap-3">
            <h2 id="courier-mine" className="text-lg font-bold">
              {tr.t('myOrders')} <span className="text-slate-500">({mine.length})</span>
            </h2>
            {mine.length === 0 && <p className="text-slate-500">{tr.t('nothingHere')}</p>}
            {mine.map((o) => (
              <CourierCard key={o.id} order={o} onMoved={live.upsert} />
            ))}
          </section>
          <section aria-labelledby="courier-ready" data-testid="courier-ready" className="flex flex-col gap-3">
            <h2 id="courier-ready" className="text-lg font-bold">
              {tr.t('readyToTake')} <span className="text-slate-500">({ready.length})</span>
            </h2>
            {ready.length === 0 && <p className="text-slate-500">{tr.t('nothingHere')}</p>}
            {ready.map((o) => (
              <CourierCard key={o.id} order={o} onMoved={live.upsert} />
            ))}
          </section>
        </>
      )}
    </div>
  );
}
