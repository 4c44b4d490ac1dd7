import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/** The tile server: `VITE_TILE_URL` at build time, else OpenStreetMap's (as the order page's map). */
const TILE_URL: string = (import.meta.env.VITE_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ZOOM = 15;

/** A pin drawn as HTML (no marker pictures to load), its tip on the point. */
const PIN = L.divIcon({
  className: '',
  html: '<svg width="30" height="40" viewBox="0 0 36 44" style="filter:drop-shadow(0 2px 3px rgb(0 0 0/.35))"><path d="M18 2C9.7 2 3 8.6 3 16.8 3 27.4 18 42 18 42s15-14.6 15-25.2C33 8.6 26.3 2 18 2Z" fill="#059669" stroke="#fff" stroke-width="2"/><circle cx="18" cy="17" r="5" fill="#fff"/></svg>',
  iconSize: [30, 40],
  iconAnchor: [15, 39],
});

/**
 * The branch's point: a click on the map puts the pin there, the pin can be dragged; a point typed in the form moves
 * the pin. Loaded only with the branch form (Leaflet is not in the console's first bundle).
 */
export function PointMap({
  point,
  onPoint,
  label,
  disabled = false,
}: {
  point: [number, number];
  onPoint: (latitude: number, longitude: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const element = useRef<HTMLDivElement>(null);
  const marker = useRef<L.Marker | null>(null);
  const map = useRef<L.Map | null>(null);
  const report = useRef(onPoint);
  useEffect(() => {
    report.current = onPoint;
  });

  useEffect(() => {
    if (!element.current) return;
    const m = L.map(element.current, { scrollWheelZoom: false }).setView(point, ZOOM);
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' }).addTo(
      m,
    );
    const pin = L.marker(point, { icon: PIN, draggable: !disabled, keyboard: false, title: label }).addTo(m);
    pin.on('dragend', () => {
      const at = pin.getLatLng();
      report.current(at.lat, at.lng);
    });
    if (!disabled)
      m.on('click', (e: L.LeafletMouseEvent) => {
        pin.setLatLng(e.latlng);
        report.current(e.latlng.lat, e.latlng.lng);
      });
    marker.current = pin;
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is built once per form; the point follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [disabled]);

  const [lat, lng] = point;
  useEffect(() => {
    const pin = marker.current;
    const m = map.current;
    if (!pin || !m) return;
    const at = pin.getLatLng();
    if (at.lat === lat && at.lng === lng) return;
    pin.setLatLng([lat, lng]);
    if (!m.getBounds().contains([lat, lng])) m.setView([lat, lng], m.getZoom());
  }, [lat, lng]);

  return (
    <div
      ref={element}
      dir="ltr"
      role="region"
      aria-label={label}
      data-testid="branch-map"
      className="h-64 w-full overflow-hidden rounded-lg bg-slate-200 sm:h-72"
    />
  );
}
