import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { pickText, type Branch } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';

/** The tile server: `VITE_TILE_URL` at build time, else OpenStreetMap's. The map works without tiles (markers on a plain ground). */
const TILE_URL: string = (import.meta.env.VITE_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Spec section 9: the branch map opens at zoom 10; the bounds fit comes 500 ms after the branches load. */
const DEFAULT_ZOOM = 10;
const FIT_DELAY_MS = 500;

const PIN_PATH = 'M18 2C9.7 2 3 8.6 3 16.8 3 27.4 18 42 18 42s15-14.6 15-25.2C33 8.6 26.3 2 18 2Z';

function pinIcon(state: 'open' | 'closed', emphasis: 'none' | 'chosen' | 'selected'): L.DivIcon {
  const scale = emphasis === 'none' ? 1 : 1.25;
  const w = Math.round(36 * scale);
  const h = Math.round(44 * scale);
  const fill = state === 'open' ? 'var(--brand)' : '#9aa0a8';
  const dot = state === 'open' ? 'var(--on-brand)' : '#ffffff';
  const ring = emphasis === 'chosen' ? '<circle cx="18" cy="17" r="7.5" fill="none" stroke="var(--on-brand)" stroke-width="2.5"/>' : '';
  return L.divIcon({
    className: 'dx-branch-pin',
    iconSize: [w, h],
    iconAnchor: [w / 2, h],
    html: `<svg width="${w}" height="${h}" viewBox="0 0 36 44" style="filter:drop-shadow(0 3px 4px rgb(0 0 0 / .35))"><path d="${PIN_PATH}" fill="${fill}" stroke="#fff" stroke-width="2"/><circle cx="18" cy="17" r="5" fill="${dot}"/>${ring}</svg>`,
  });
}

/** Fits the map to every branch shortly after they are on it, and again when the list changes (another city). */
function FitBounds({ branches }: { branches: readonly Branch[] }) {
  const map = useMap();
  const key = branches.map((b) => b.id).join(',');
  useEffect(() => {
    if (!branches.length) return;
    const timer = window.setTimeout(() => {
      const bounds = L.latLngBounds(branches.map((b) => [b.latitude, b.longitude] as [number, number]));
      if (branches.length === 1) map.setView(bounds.getCenter(), 15, { animate: true });
      else map.fitBounds(bounds, { padding: [56, 56], maxZoom: 15, animate: true });
    }, FIT_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit when the set of branches changes, not on every refresh
  }, [key, map]);
  return null;
}

/** One marker per branch, the chosen one highlighted, closed ones grey; a tap selects a branch for its details. */
export function BranchMap({
  branches,
  center,
  chosenId,
  selectedId,
  onSelect,
}: {
  branches: readonly Branch[];
  center: [number, number];
  chosenId: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, language } = useTranslation();
  const icons = useMemo(
    () => ({
      open: { none: pinIcon('open', 'none'), chosen: pinIcon('open', 'chosen'), selected: pinIcon('open', 'selected') },
      closed: { none: pinIcon('closed', 'none'), chosen: pinIcon('closed', 'chosen'), selected: pinIcon('closed', 'selected') },
    }),
    [],
  );
  return (
    // The map itself has no writing direction; its controls stay where Leaflet puts them.
    <div
      dir="ltr"
      data-testid="branch-map"
      className="size-full bg-surface-2 [&_.leaflet-container]:bg-surface-2 [&_.leaflet-container]:font-sans"
    >
      <MapContainer
        center={center}
        zoom={DEFAULT_ZOOM}
        zoomControl={false}
        attributionControl
        className="size-full"
        aria-label={t('branches.map')}
      >
        <TileLayer url={TILE_URL} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
        {branches.map((b) => (
          <Marker
            key={b.id}
            position={[b.latitude, b.longitude]}
            icon={icons[b.isOpen ? 'open' : 'closed'][b.id === selectedId ? 'selected' : b.id === chosenId ? 'chosen' : 'none']}
            title={pickText(b.name, language)}
            alt={pickText(b.name, language)}
            keyboard
            eventHandlers={{ click: () => onSelect(b.id) }}
          />
        ))}
        <FitBounds branches={branches} />
      </MapContainer>
    </div>
  );
}
