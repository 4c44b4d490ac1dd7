/*
 * One small map interface for the storefront's three maps (the address picker, the branch map, the tracking map;
 * issue 31). Two adapters implement it, each loaded only when a map opens: Leaflet with OpenStreetMap tiles
 * (leaflet-map.ts) and Yandex's JavaScript API 2.1 (yandex-map.ts). Which one a brand gets is the domain's rule
 * (packages/domain maps.ts: mapType YANDEX with a Yandex key); use-map-view.ts picks it. The maps draw what they
 * need through this interface alone, so both providers show the same centre marker, zones, pins and moves.
 */

/** [latitude, longitude]. */
export type Point = readonly [number, number];

/** A pin drawn from markup: its size and the pixel of it that sits on the point. */
export interface MarkerLook {
  html: string;
  size: readonly [number, number];
  anchor: readonly [number, number];
  className: string;
}

export interface MapMarker {
  setPosition(point: Point): void;
  setLook(look: MarkerLook): void;
  remove(): void;
}

export interface ShapeStyle {
  color: string;
  weight: number;
  fillColor: string;
  fillOpacity: number;
}

export interface MapView {
  readonly provider: 'leaflet' | 'yandex';
  getCenter(): Point;
  getZoom(): number;
  setView(point: Point, zoom: number): void;
  /** An animated move to the point, at least at this zoom. */
  flyTo(point: Point, zoom: number, seconds: number): void;
  /** Shows every point, keeping this room (top, right, bottom, left, in pixels) around them. */
  fitPoints(points: readonly Point[], padding: readonly [number, number, number, number], maxZoom: number): void;
  /** Pans to the point when it is outside the inner part of the map (`margin`: the share of each side left out). */
  keepInside(point: Point, margin: number): void;
  /** Called with the centre after every move, the customer's and the code's; returns the unsubscribe. */
  onMoveEnd(listener: (center: Point) => void): () => void;
  /** A polygon of parts, each an outer ring and its holes. */
  addPolygon(parts: readonly (readonly (readonly Point[])[])[], style: ShapeStyle): { remove(): void };
  addMarker(point: Point, look: MarkerLook, options: { title: string; front?: boolean; onClick?: () => void }): MapMarker;
  destroy(): void;
}

export interface MapOptions {
  center: Point;
  zoom: number;
  /** The map's accessible name. */
  label: string;
}

export type CreateMap = (element: HTMLElement, options: MapOptions) => Promise<MapView>;
