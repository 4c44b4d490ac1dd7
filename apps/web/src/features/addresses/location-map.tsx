import { useEffect, useRef } from 'react';
import 'leaflet/dist/leaflet.css';
import { MapContainer, Polygon, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { roundPoint, type LatLng, type Region } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';

/** The tile server: `VITE_TILE_URL` at build time, else OpenStreetMap's. Without tiles the zones still show on a plain ground. */
const TILE_URL: string = (import.meta.env.VITE_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Spec section 9: the location sheet opens at zoom 14; moves animate for 500 ms; zones are outlined blue, width 4, filled translucent blue. */
export const LOCATION_ZOOM = 14;
const MOVE_SECONDS = 0.5;
const ZONE_STYLE = { color: '#2563eb', weight: 4, fillColor: '#2563eb', fillOpacity: 0.12, interactive: false } as const;

/** Moves the map when the place it should show changes (a city chosen, a search result picked), not when the customer drags it. */
function FollowTarget({ target }: { target: { point: LatLng; key: number } }) {
  const map = useMap();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    map.flyTo([target.point[0], target.point[1]], Math.max(map.getZoom(), LOCATION_ZOOM), { duration: MOVE_SECONDS });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new target moves the map
  }, [target.key, map]);
  return null;
}

/** Reports the centre, rounded to 6 decimals, after every move (docs/spec-index.md section 4: the out-of-zone flag and the address follow it). */
function CentreReporter({ onCentre }: { onCentre: (point: LatLng) => void }) {
  const map = useMapEvents({
    moveend: () => {
      const c = map.getCenter();
      onCentre(roundPoint([c.lat, c.lng]));
    },
  });
  return null;
}

/**
 * The location picker's map: the brand's delivery zones drawn over the tiles and a pin fixed at the centre; the
 * customer moves the map under the pin. `target` moves it from outside (its `key` changes with every request).
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
  return (
    // The map has no writing direction of its own; its controls stay where Leaflet puts them.
    <div
      dir="ltr"
      data-testid="location-map"
      className="relative size-full bg-surface-2 [&_.leaflet-container]:bg-surface-2 [&_.leaflet-container]:font-sans"
    >
      <MapContainer
        center={[target.point[0], target.point[1]]}
        zoom={LOCATION_ZOOM}
        zoomControl={false}
        attributionControl
        className="size-full"
        aria-label={t('addresses.map')}
      >
        <TileLayer url={TILE_URL} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
        {zones.map((z) => (
          <Polygon key={z.id} positions={z.area.map((part) => [part.outer, ...part.holes])} pathOptions={ZONE_STYLE} />
        ))}
        <FollowTarget target={target} />
        <CentreReporter onCentre={onCentre} />
      </MapContainer>
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
