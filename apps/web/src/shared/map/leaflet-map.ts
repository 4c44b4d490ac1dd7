import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { CreateMap, MapMarker, MarkerLook, MapView, Point } from './map-view.ts';

/** The tile server: `VITE_TILE_URL` at build time, else OpenStreetMap's. Without tiles the map still shows its shapes and pins on a plain ground. */
const TILE_URL: string = (import.meta.env.VITE_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

const icon = (look: MarkerLook) =>
  L.divIcon({ className: look.className, iconSize: [...look.size], iconAnchor: [...look.anchor], html: look.html });
const latLng = (p: Point): L.LatLngTuple => [p[0], p[1]];

/** The map-provider interface (map-view.ts) on Leaflet with OpenStreetMap tiles. */
export const createLeafletMap: CreateMap = async (element, { center, zoom, label }) => {
  const map = L.map(element, { center: latLng(center), zoom, zoomControl: false, attributionControl: true });
  L.tileLayer(TILE_URL, { attribution: ATTRIBUTION }).addTo(map);
  element.setAttribute('aria-label', label);
  element.dataset.mapProvider = 'leaflet';
  const view: MapView = {
    provider: 'leaflet',
    getCenter: () => {
      const c = map.getCenter();
      return [c.lat, c.lng];
    },
    getZoom: () => map.getZoom(),
    setView: (point, z) => void map.setView(latLng(point), z),
    flyTo: (point, z, seconds) => void map.flyTo(latLng(point), Math.max(map.getZoom(), z), { duration: seconds }),
    fitPoints(points, [top, right, bottom, left], maxZoom) {
      if (points.length === 0) return;
      if (points.length === 1) return void map.setView(latLng(points[0]!), maxZoom, { animate: true });
      map.fitBounds(L.latLngBounds(points.map(latLng)), {
        paddingTopLeft: [left, top],
        paddingBottomRight: [right, bottom],
        maxZoom,
        animate: true,
      });
    },
    keepInside(point, margin) {
      if (!map.getBounds().pad(-margin).contains(latLng(point))) map.panTo(latLng(point), { animate: true });
    },
    onMoveEnd(listener) {
      const handler = () => listener(view.getCenter());
      map.on('moveend', handler);
      return () => void map.off('moveend', handler);
    },
    addPolygon(parts, style) {
      const shape = L.polygon(
        parts.map((rings) => rings.map((ring) => ring.map(latLng))),
        { ...style, interactive: false },
      ).addTo(map);
      return { remove: () => void shape.remove() };
    },
    addMarker(point, look, { title, front = false, onClick }): MapMarker {
      const marker = L.marker(latLng(point), {
        icon: icon(look),
        title,
        alt: title,
        keyboard: Boolean(onClick),
        zIndexOffset: front ? 1000 : 0,
      }).addTo(map);
      if (onClick) marker.on('click', onClick);
      return {
        setPosition: (p) => void marker.setLatLng(latLng(p)),
        setLook: (l) => void marker.setIcon(icon(l)),
        remove: () => void marker.remove(),
      };
    },
    destroy: () => {
      map.remove();
      delete element.dataset.mapProvider;
    },
  };
  return view;
};
