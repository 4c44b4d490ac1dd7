import { useEffect, useRef } from 'react';
import type { AdminZone, ZoneGeoJson } from '@dasturxon/domain/contracts';
import { L } from './leaflet-global.ts';
import '@geoman-io/leaflet-geoman-free';
import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { Lang } from '../../i18n.ts';
import { joinAreas } from './zone-form.ts';

/** The tile server: `VITE_TILE_URL` at build time, else OpenStreetMap's (the storefront's setting, apps/web). */
const TILE_URL: string = (import.meta.env.VITE_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** Geoman's own tooltips in the console's language where it has one. */
const GEOMAN_LANG: Partial<Record<Lang, 'ru' | 'tr' | 'zh'>> = { ru: 'ru', tr: 'tr', zh: 'zh' };

const FIT: L.FitBoundsOptions = { padding: [24, 24], maxZoom: 15 };

export interface ZoneMapProps {
  zones: readonly AdminZone[];
  /** The zone being edited ('new': one being drawn), or null. */
  selectedId: string | null;
  /** The area the edited zone starts from; drawn again whenever `draftKey` changes. */
  initialArea: ZoneGeoJson | null;
  draftKey: number;
  color: string;
  /** Where the map opens without zones (the city's centre), and the city whose zones it first shows. */
  center: [number, number];
  cityId: string | null;
  lang: Lang;
  onAreaChange: (area: ZoneGeoJson | null) => void;
  onSelect: (id: string) => void;
  /** While testing, a click on the map asks what a customer would get there. */
  testing: boolean;
  onTest: (latitude: number, longitude: number) => void;
  testPoint: [number, number] | null;
}

/** The edited zone's shapes on the map as one GeoJSON area. */
const areaOf = (m: L.Map, shapes: ReadonlySet<L.Polygon>): ZoneGeoJson | null =>
  joinAreas([...shapes].filter((layer) => m.hasLayer(layer)).map((layer) => layer.toGeoJSON(6).geometry));

/**
 * The zones on a Leaflet map, the edited one drawn and changed with Leaflet-Geoman: polygons and rectangles, corners
 * dragged in edit mode, holes cut with the scissors, parts removed. The other zones are shown faintly and are not
 * touched by the tools (`pmIgnore`); a click on one opens it. Every change of the edited shapes is reported as one
 * GeoJSON area (`joinAreas`).
 */
export function ZoneMap(props: ZoneMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const others = useRef<L.LayerGroup | null>(null);
  const draft = useRef(new Set<L.Polygon>());
  const marker = useRef<L.CircleMarker | null>(null);
  const fitted = useRef(false);
  /** Takes a shape into the edited zone (set when the map is made). */
  const adoptRef = useRef<((layer: L.Layer) => void) | null>(null);
  /** The area last reported (or drawn from the saved one), as JSON: a tool switched on and off changes nothing. */
  const reported = useRef('null');
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    if (!element.current) return;
    const shapes = draft.current;
    const m = L.map(element.current, { center: latest.current.center, zoom: 11, attributionControl: true });
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: ATTRIBUTION }).addTo(m);
    others.current = L.layerGroup().addTo(m);
    m.pm.setLang(GEOMAN_LANG[latest.current.lang] ?? 'en');
    m.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: true });
    m.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawCircle: false,
      drawText: false,
      dragMode: false,
      rotateMode: false,
      drawPolygon: true,
      drawRectangle: true,
      editMode: true,
      cutPolygon: true,
      removalMode: true,
    });
    const collect = () => {
      const area = areaOf(m, shapes);
      const key = JSON.stringify(area);
      if (key === reported.current) return;
      reported.current = key;
      latest.current.onAreaChange(area);
    };
    const adopt = (layer: L.Layer) => {
      if (!(layer instanceof L.Polygon)) return;
      draft.current.add(layer);
      layer.setStyle({ color: latest.current.color, fillOpacity: 0.35, weight: 3 });
      layer.on('pm:edit', collect);
    };
    m.on('pm:create', (e) => {
      adopt(e.layer);
      collect();
    });
    m.on('pm:cut', (e) => {
      draft.current.delete(e.originalLayer as L.Polygon);
      adopt(e.layer);
      collect();
    });
    m.on('pm:remove', (e) => {
      draft.current.delete(e.layer as L.Polygon);
      collect();
    });
    m.on('pm:globaleditmodetoggled', collect);
    m.on('click', (e: L.LeafletMouseEvent) => {
      if (latest.current.testing) latest.current.onTest(e.latlng.lat, e.latlng.lng);
    });
    adoptRef.current = adopt;
    mapRef.current = m;
    return () => {
      m.remove();
      mapRef.current = null;
      others.current = null;
      adoptRef.current = null;
      shapes.clear();
      marker.current = null;
    };
  }, []);

  // The other zones, faint and out of the tools' reach.
  const { zones, selectedId } = props;
  useEffect(() => {
    const m = mapRef.current;
    const group = others.current;
    if (!m || !group) return;
    group.clearLayers();
    for (const zone of zones) {
      if (zone.id === selectedId) continue;
      const layer = L.geoJSON(zone.area, {
        pmIgnore: true,
        style: { color: zone.color, weight: 1, fillOpacity: 0.12, dashArray: '4 4' },
      } as L.GeoJSONOptions);
      layer.bindTooltip(zone.name, { sticky: true });
      layer.on('click', () => {
        if (!latest.current.testing) latest.current.onSelect(zone.id);
      });
      group.addLayer(layer);
    }
    if (!fitted.current && zones.length > 0) {
      // The first city's zones (a brand in two cities would otherwise open on a map of both, too far out to see).
      const here = zones.filter((z) => z.cityId === latest.current.cityId);
      const bounds = L.latLngBounds([]);
      for (const zone of here.length > 0 ? here : zones) bounds.extend(L.geoJSON(zone.area).getBounds());
      if (bounds.isValid()) m.fitBounds(bounds, FIT);
      fitted.current = true;
    }
  }, [zones, selectedId]);

  // The edited zone's shapes, drawn again from its saved area when another zone is opened (or its changes undone).
  const { draftKey } = props;
  useEffect(() => {
    const m = mapRef.current;
    if (!m) return;
    m.pm.disableGlobalEditMode();
    m.pm.disableGlobalCutMode();
    m.pm.disableGlobalRemovalMode();
    m.pm.disableDraw();
    for (const layer of draft.current) layer.remove();
    draft.current.clear();
    const area = latest.current.initialArea;
    reported.current = 'null';
    if (!area) return;
    const parts = L.geoJSON(area);
    parts.eachLayer((layer) => {
      layer.addTo(m);
      adoptRef.current?.(layer);
    });
    reported.current = JSON.stringify(areaOf(m, draft.current));
    const bounds = parts.getBounds();
    if (bounds.isValid()) m.fitBounds(bounds, FIT);
  }, [draftKey]);

  const { color } = props;
  useEffect(() => {
    for (const layer of draft.current) layer.setStyle({ color });
  }, [color]);

  // Testing: the drawing tools rest, a click asks the tester, the point is marked.
  const { testing, testPoint } = props;
  useEffect(() => {
    const m = mapRef.current;
    if (!m) return;
    if (testing) {
      m.pm.disableDraw();
      m.pm.disableGlobalEditMode();
      m.pm.disableGlobalCutMode();
      m.pm.disableGlobalRemovalMode();
    }
    m.getContainer().style.cursor = testing ? 'crosshair' : '';
  }, [testing]);
  useEffect(() => {
    const m = mapRef.current;
    if (!m) return;
    marker.current?.remove();
    marker.current = testPoint
      ? L.circleMarker(testPoint, {
          radius: 8,
          color: '#ffffff',
          weight: 3,
          fillColor: '#0f172a',
          fillOpacity: 1,
          pmIgnore: true,
        } as L.CircleMarkerOptions).addTo(m)
      : null;
  }, [testPoint]);

  return <div ref={element} dir="ltr" className="h-[60vh] min-h-80 w-full rounded-lg border border-slate-300" data-testid="zones-map" />;
}
