import { useEffect, useMemo, useRef } from 'react';
import { pickText } from '@dasturxon/domain';
import type { CourierTracking } from '@dasturxon/domain/contracts';
import { useTranslation } from '../../i18n/i18n.ts';
import type { MapMarker, MapView, MarkerLook } from '../../shared/map/map-view.ts';
import { useMapView } from '../../shared/map/use-map-view.ts';

const ZOOM = 14;
const MAX_FIT_ZOOM = 16;
/** Room kept around the markers (top, right, bottom, left): the way back button and the title above, the panel's rounded edge below. */
const FIT_PADDING = [96, 48, 56, 48] as const;

const PIN_PATH = 'M18 2C9.7 2 3 8.6 3 16.8 3 27.4 18 42 18 42s15-14.6 15-25.2C33 8.6 26.3 2 18 2Z';
const SHADOW = 'filter:drop-shadow(0 3px 4px rgb(0 0 0 / .35))';

/** The branch the order comes from: the brand's pin with a shop front in it. */
const branchIcon: MarkerLook = {
  className: 'dx-track-branch',
  size: [36, 44],
  anchor: [18, 44],
  html: `<svg width="36" height="44" viewBox="0 0 36 44" style="${SHADOW}"><path d="${PIN_PATH}" fill="var(--brand)" stroke="#fff" stroke-width="2"/><path d="M11.5 14.5h13l-1.2-4h-10.6zM12.5 14.5v7h11v-7M16.5 21.5v-4h3v4" fill="none" stroke="var(--on-brand)" stroke-width="1.8" stroke-linejoin="round"/></svg>`,
};

/** Where the order goes: a dark pin with a house in it. */
const addressIcon: MarkerLook = {
  className: 'dx-track-address',
  size: [36, 44],
  anchor: [18, 44],
  html: `<svg width="36" height="44" viewBox="0 0 36 44" style="${SHADOW}"><path d="${PIN_PATH}" fill="#16181d" stroke="#fff" stroke-width="2"/><path d="M11.5 17 18 11.5l6.5 5.5M13.5 15.5v6h9v-6" fill="none" stroke="#fff" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round"/></svg>`,
};

/** The courier: a round badge with a scooter, and an arrow around it pointing where they head (degrees from north), when known. */
function courierIcon(heading: number | null): MarkerLook {
  const arrow =
    heading === null
      ? ''
      : `<g transform="rotate(${Math.round(heading)} 26 26)"><path d="M26 1.5 31 9h-10z" fill="var(--brand)" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/></g>`;
  return {
    className: 'dx-track-courier',
    size: [52, 52],
    anchor: [26, 26],
    html: `<svg width="52" height="52" viewBox="0 0 52 52" style="${SHADOW}">${arrow}<circle cx="26" cy="26" r="17" fill="var(--brand)" stroke="#fff" stroke-width="3"/><g transform="translate(15 15) scale(.92)" fill="none" stroke="var(--on-brand)" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"><circle cx="6" cy="17" r="2.5"/><circle cx="18" cy="17" r="2.5"/><path d="M8.5 17h6.8l2-6.5H14M17 6h2l.6 4.5M3 13h6l1.5 4"/></g></svg>`,
  };
}

type Point = [number, number];

/** A marker on the map while it is rendered: made once per map and title; moves and turns as its props change. */
function PlaceMarker({
  map,
  at,
  icon,
  title,
  front = false,
}: {
  map: MapView;
  at: Point;
  icon: MarkerLook;
  title: string;
  front?: boolean;
}) {
  const marker = useRef<MapMarker | null>(null);
  const [lat, lng] = at;
  useEffect(() => {
    const m = map.addMarker([lat, lng], icon, { title, front });
    marker.current = m;
    return () => {
      m.remove();
      marker.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made once per map and title; moves and turns below
  }, [map, title, front]);
  useEffect(() => {
    marker.current?.setPosition([lat, lng]);
  }, [lat, lng]);
  useEffect(() => {
    marker.current?.setLook(icon);
  }, [icon]);
  return null;
}

/**
 * Fits the map to the branch, the address and the courier when it opens and whenever one of them appears (the courier
 * sets off); afterwards it only follows the courier when they leave the visible part of the map.
 */
function KeepInView({ map, points, courier }: { map: MapView; points: Point[]; courier: Point | null }) {
  const key = points.length;
  useEffect(() => {
    if (points.length === 1) map.setView(points[0]!, ZOOM);
    else if (points.length > 1) map.fitPoints(points, FIT_PADDING, MAX_FIT_ZOOM);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit when a marker appears, not on every move of the courier
  }, [key, map]);
  const [lat, lng] = courier ?? [null, null];
  useEffect(() => {
    if (lat === null || lng === null) return;
    map.keepInside([lat, lng], 0.15);
  }, [lat, lng, map]);
  return null;
}

/** The order's map: its branch, where it goes and the courier, who moves as their position arrives. */
export function TrackingMap({ tracking }: { tracking: CourierTracking }) {
  const { t, language } = useTranslation();
  const branch: Point = [tracking.branch.latitude, tracking.branch.longitude];
  const address: Point | null = tracking.address ? [tracking.address.latitude, tracking.address.longitude] : null;
  const courier: Point | null = tracking.position ? [tracking.position.latitude, tracking.position.longitude] : null;
  const points = [branch, address, courier].filter((p): p is Point => p !== null);
  // A new icon only when the heading turns by 10 degrees or more.
  const heading = tracking.position?.heading ?? null;
  const headingStep = heading === null ? null : (Math.round(heading / 10) * 10) % 360;
  const riderIcon = useMemo(() => courierIcon(headingStep), [headingStep]);
  const branchName = pickText(tracking.branch.name, language);
  const [ref, map] = useMapView({ center: courier ?? address ?? branch, zoom: ZOOM, label: t('orders.map.title') });
  return (
    // The map has no writing direction of its own; its controls stay where the provider puts them. `isolate` keeps the
    // map's layers under the panel, whose rounded edge covers the map's last 24 px; Leaflet's attribution sits above
    // that edge (`!`: Leaflet's own CSS is outside Tailwind's layers and would win).
    <div
      dir="ltr"
      data-testid="tracking-map"
      className="isolate size-full bg-surface-2 [&_.leaflet-bottom]:bottom-6! [&_.leaflet-container]:bg-surface-2 [&_.leaflet-container]:font-sans"
    >
      <div ref={ref} className="size-full" />
      {map && (
        <>
          <PlaceMarker map={map} at={branch} icon={branchIcon} title={branchName} />
          {address && <PlaceMarker map={map} at={address} icon={addressIcon} title={t('orders.map.address')} />}
          {courier && <PlaceMarker map={map} at={courier} icon={riderIcon} title={t('orders.map.courier')} front />}
          <KeepInView map={map} points={points} courier={courier} />
        </>
      )}
    </div>
  );
}
