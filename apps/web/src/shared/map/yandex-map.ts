import { yandexMapsScriptUrl } from '@dasturxon/domain';
import type { CreateMap, MapMarker, MarkerLook, MapView, Point } from './map-view.ts';

/*
 * The map-provider interface (map-view.ts) on Yandex's JavaScript API 2.1, loaded from api-maps.yandex.ru with the
 * brand's key (the page's CSP lets that origin in for such a brand alone: apps/api web/csp.ts). Only the part of the
 * API named below is used: ymaps.ready, Map (events boundschange and click, getCenter, getZoom, getBounds, setCenter,
 * setBounds, panTo, geoObjects, destroy), Placemark with a templateLayoutFactory layout, and Polygon.
 */

type Coords = [number, number];
interface YEvents {
  add(type: string, handler: (event: { get(name: string): unknown }) => void): void;
  remove(type: string, handler: (event: { get(name: string): unknown }) => void): void;
}
interface YGeoObject {
  events: YEvents;
  options: { set(name: string, value: unknown): void };
  geometry: { setCoordinates(coords: Coords): void };
}
interface YMap {
  events: YEvents;
  geoObjects: { add(o: YGeoObject): void; remove(o: YGeoObject): void };
  getCenter(): Coords;
  getZoom(): number;
  getBounds(): [Coords, Coords] | null;
  setCenter(center: Coords, zoom?: number, options?: { duration?: number }): void;
  setBounds(bounds: [Coords, Coords], options?: { checkZoomRange?: boolean; zoomMargin?: number[]; duration?: number }): void;
  panTo(center: Coords, options?: { duration?: number; flying?: boolean }): void;
  destroy(): void;
}
interface YMaps {
  ready(): Promise<void>;
  Map: new (element: HTMLElement, state: { center: Coords; zoom: number; controls: string[] }, options?: object) => YMap;
  Placemark: new (coords: Coords, properties: object, options: object) => YGeoObject;
  Polygon: new (rings: Coords[][], properties: object, options: object) => YGeoObject;
  templateLayoutFactory: { createClass(template: string): unknown };
}

declare global {
  interface Window {
    ymaps?: YMaps;
  }
}

const scripts = new Map<string, Promise<YMaps>>();

/** The API, its script added once per key; a failed load is forgotten so that a later map tries again. */
function loadYmaps(key: string): Promise<YMaps> {
  const known = scripts.get(key);
  if (known) return known;
  const loading = new Promise<YMaps>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = yandexMapsScriptUrl(key);
    script.async = true;
    script.onload = () => (window.ymaps ? window.ymaps.ready().then(() => resolve(window.ymaps!), reject) : reject(new Error('no ymaps')));
    script.onerror = () => reject(new Error('the Yandex Maps script did not load'));
    document.head.append(script);
  });
  loading.catch(() => scripts.delete(key));
  scripts.set(key, loading);
  return loading;
}

const coords = (p: Point): Coords => [p[0], p[1]];

/** A pin's markup placed so that its anchor sits on the point (a template layout's corner is the point). */
function layoutOf(ymaps: YMaps, look: MarkerLook) {
  const [w, h] = look.size;
  const [x, y] = look.anchor;
  return {
    iconLayout: ymaps.templateLayoutFactory.createClass(
      `<div class="${look.className}" style="position:absolute;left:${-x}px;top:${-y}px;width:${w}px;height:${h}px">${look.html}</div>`,
    ),
    iconShape: {
      type: 'Rectangle',
      coordinates: [
        [-x, -y],
        [w - x, h - y],
      ],
    },
  };
}

/** Yandex's map for a brand's key. */
export function yandexMapWith(key: string): CreateMap {
  return async (element, { center, zoom, label }) => {
    const ymaps = await loadYmaps(key);
    const map = new ymaps.Map(
      element,
      { center: coords(center), zoom, controls: [] },
      { suppressMapOpenBlock: true, yandexMapDisablePoiInteractivity: true },
    );
    element.setAttribute('aria-label', label);
    element.dataset.mapProvider = 'yandex';
    const view: MapView = {
      provider: 'yandex',
      getCenter: () => {
        const [lat, lon] = map.getCenter();
        return [lat, lon];
      },
      getZoom: () => map.getZoom(),
      setView: (point, z) => map.setCenter(coords(point), z),
      flyTo: (point, z, seconds) => map.setCenter(coords(point), Math.max(map.getZoom(), z), { duration: seconds * 1000 }),
      fitPoints(points, padding, maxZoom) {
        if (points.length === 0) return;
        if (points.length === 1) return map.setCenter(coords(points[0]!), maxZoom, { duration: 300 });
        const lats = points.map((p) => p[0]);
        const lons = points.map((p) => p[1]);
        map.setBounds(
          [
            [Math.min(...lats), Math.min(...lons)],
            [Math.max(...lats), Math.max(...lons)],
          ],
          { checkZoomRange: true, zoomMargin: [...padding] },
        );
        if (map.getZoom() > maxZoom) map.setCenter(map.getCenter(), maxZoom);
      },
      keepInside(point, margin) {
        const bounds = map.getBounds();
        if (!bounds) return;
        const [[south, west], [north, east]] = bounds;
        const dLat = (north - south) * margin;
        const dLon = (east - west) * margin;
        const inside = point[0] > south + dLat && point[0] < north - dLat && point[1] > west + dLon && point[1] < east - dLon;
        if (!inside) map.panTo(coords(point), { duration: 300, flying: false });
      },
      onMoveEnd(listener) {
        const handler = () => listener(view.getCenter());
        map.events.add('boundschange', handler);
        return () => map.events.remove('boundschange', handler);
      },
      addPolygon(parts, style) {
        const shapes = parts.map(
          (rings) =>
            new ymaps.Polygon(
              rings.map((ring) => ring.map(coords)),
              {},
              {
                strokeColor: style.color,
                strokeWidth: style.weight,
                fillColor: style.fillColor,
                fillOpacity: style.fillOpacity,
                interactivityModel: 'default#transparent',
              },
            ),
        );
        for (const s of shapes) map.geoObjects.add(s);
        return { remove: () => shapes.forEach((s) => map.geoObjects.remove(s)) };
      },
      addMarker(point, look, { title, front = false, onClick }): MapMarker {
        const mark = new ymaps.Placemark(coords(point), { hintContent: title }, { ...layoutOf(ymaps, look), zIndex: front ? 1000 : 0 });
        if (onClick) mark.events.add('click', () => onClick());
        map.geoObjects.add(mark);
        return {
          setPosition: (p) => mark.geometry.setCoordinates(coords(p)),
          setLook: (l) => {
            const { iconLayout, iconShape } = layoutOf(ymaps, l);
            mark.options.set('iconLayout', iconLayout);
            mark.options.set('iconShape', iconShape);
          },
          remove: () => map.geoObjects.remove(mark),
        };
      },
      destroy: () => {
        map.destroy();
        delete element.dataset.mapProvider;
      },
    };
    return view;
  };
}
