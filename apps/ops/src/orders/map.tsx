import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/** The tile server: `VITE_TILE_URL` at build time, else OpenStreetMap's (the storefront's setting). */
const TILE_URL: string = (import.meta.env.VITE_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface MapPoint {
  latitude: number;
  longitude: number;
  label: string;
}

const FIT: L.FitBoundsOptions = { padding: [32, 32], maxZoom: 16 };

const STYLE = {
  address: { color: '#ffffff', fillColor: '#dc2626', radius: 10 },
  branch: { color: '#ffffff', fillColor: '#0f172a', radius: 8 },
  courier: { color: '#ffffff', fillColor: '#7c3aed', radius: 9 },
} as const;

/**
 * The order's address with its branch and, while it travels, the courier: Leaflet alone, with round markers
 * drawn as vectors (no marker pictures to load). Loaded only with the order page.
 */
export function OrderMap({ address, branch, courier }: { address: MapPoint; branch: MapPoint; courier: MapPoint | null }) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const courierMarker = useRef<L.CircleMarker | null>(null);

  const fixed = useRef<L.LatLngTuple[]>([]);

  useEffect(() => {
    if (!element.current) return;
    const m = L.map(element.current, { zoomControl: true, attributionControl: true, scrollWheelZoom: false });
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' }).addTo(
      m,
    );
    const a: L.LatLngTuple = [address.latitude, address.longitude];
    const b: L.LatLngTuple = [branch.latitude, branch.longitude];
    L.circleMarker(b, { ...STYLE.branch, weight: 2, fillOpacity: 1 })
      .bindTooltip(branch.label)
      .addTo(m);
    L.circleMarker(a, { ...STYLE.address, weight: 3, fillOpacity: 1 })
      .bindTooltip(address.label, { permanent: true, direction: 'top', offset: [0, -8] })
      .addTo(m);
    m.fitBounds(L.latLngBounds([a, b]), FIT);
    fixed.current = [a, b];
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      courierMarker.current = null;
    };
  }, [address.latitude, address.longitude, address.label, branch.latitude, branch.longitude, branch.label]);

  const lat = courier?.latitude ?? null;
  const lng = courier?.longitude ?? null;
  const courierLabel = courier?.label ?? '';
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (lat === null || lng === null) {
      courierMarker.current?.remove();
      courierMarker.current = null;
      return;
    }
    if (courierMarker.current) courierMarker.current.setLatLng([lat, lng]);
    else
      courierMarker.current = L.circleMarker([lat, lng], { ...STYLE.courier, weight: 3, fillOpacity: 1 })
        .bindTooltip(courierLabel)
        .addTo(m);
    // The courier stays in sight: the view takes in all three again when they leave it.
    if (!m.getBounds().contains([lat, lng])) m.fitBounds(L.latLngBounds([...fixed.current, [lat, lng]]), FIT);
  }, [lat, lng, courierLabel]);

  return (
    <div
      ref={element}
      dir="ltr"
      data-testid="order-map"
      role="region"
      aria-label={address.label}
      className="h-64 w-full overflow-hidden rounded-xl bg-slate-200 sm:h-80"
    />
  );
}
