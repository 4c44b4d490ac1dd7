import { useEffect, useRef } from 'react';
import { roundPoint, type LatLng, type Region } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useMapView } from '../../shared/map/use-map-view.ts';

/** Spec section 9: the location sheet opens at zoom 14; moves animate for 500 ms; zones are outlined blue, width 4, filled translucent blue. */
export const LOCATION_ZOOM = 14;
const MOVE_SECONDS = 0.5;
const ZONE_STYLE = { color: '#2563eb', weight: 4, fillColor: '#2563eb', fillOpacity: 0.12 } as const;

/**
 * The location picker's map (Leaflet's or Yandex's: shared/map): the brand's delivery zones drawn over the tiles and a
 * pin fixed at the centre; the customer moves the map under the pin. `target` moves it from outside (its `key` changes
 * with every request). The centre, rounded to 6 decimals, is reported after every move (docs/spec-index.md section 4:
 * the out-of-zone flag and the address follow it).
 */
export function LocationMap({
  target,
  zones,
  onCentre,
}: {
  target: { point: LatLng; key: number };
  zones: readonly Pick<Region, 'id' | 'area'>[];
  onCentre: (point: LatLng) => void;
}) {
  const { t } = useTranslation();
  const [ref, map] = useMapView({ center: target.point, zoom: LOCATION_ZOOM, label: t('addresses.map') });
  useEffect(() => map?.onMoveEnd((c) => onCentre(roundPoint([c[0], c[1]]))), [map, onCentre]);
  useEffect(() => {
    if (!map) return;
    const shapes = zones.map((z) =>
      map.addPolygon(
        z.area.map((part) => [part.outer, ...part.holes]),
        ZONE_STYLE,
      ),
    );
    return () => shapes.forEach((s) => s.remove());
  }, [map, zones]);
  // Moves the map when the place it should show changes (a city chosen, a search result picked), not when the customer drags it.
  const shown = useRef(target.key);
  useEffect(() => {
    if (!map || shown.current === target.key) return;
    shown.current = target.key;
    map.flyTo(target.point, LOCATION_ZOOM, MOVE_SECONDS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new target moves the map
  }, [target.key, map]);
  return (
    // The map has no writing direction of its own; its controls stay where the provider puts them.
    <div
      dir="ltr"
      data-testid="location-map"
      className="relative size-full bg-surface-2 [&_.leaflet-container]:bg-surface-2 [&_.leaflet-container]:font-sans"
    >
      <div ref={ref} className="size-full" />
      {/* The fixed centre marker: its tip is the map's centre. */}
      <svg
        aria-hidden="true"
        data-testid="location-pin"
        width="40"
        height="52"
        viewBox="0 0 36 44"
        className="pointer-events-none absolute top-1/2 left-1/2 z-[400] -translate-x-1/2 -translate-y-full drop-shadow-[0_3px_4px_rgb(0_0_0/.35)]"
      >
        <path
          d="M18 2C9.7 2 3 8.6 3 16.8 3 27.4 18 42 18 42s15-14.6 15-25.2C33 8.6 26.3 2 18 2Z"
          fill="var(--brand)"
          stroke="#fff"
          strokeWidth="2"
        />
        <circle cx="18" cy="17" r="5" fill="var(--on-brand)" />
      </svg>
    </div>
  );
}
