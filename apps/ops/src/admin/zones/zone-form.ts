import { ZoneCreate, type AdminZone, type ZoneGeoJson, type ZoneWrite } from '@dasturxon/domain/contracts';

/*
 * The zones screen's form without the map (issue 28): the text fields as typed, the body they make, judged by the
 * API's own schema before anything is sent, and the drawn shapes joined into one GeoJSON area.
 */

/** A zone's form as typed: numbers as text, so a half-typed one is kept as it is. */
export interface ZoneDraft {
  cityId: string;
  branchId: string;
  name: string;
  color: string;
  priority: string;
  price: string;
  bands: { fromKm: string; pricePerKm: string }[];
  freeAbove: string;
  minOrderAmount: string;
}

/** The form of a zone (a new one: the brand's first city, no branch, a colour of its own). */
export function draftOf(zone: AdminZone | null, defaults: { cityId: string; color: string }): ZoneDraft {
  return {
    cityId: zone?.cityId ?? defaults.cityId,
    branchId: zone?.branchId ?? '',
    name: zone?.name ?? '',
    color: zone?.color ?? defaults.color,
    priority: String(zone?.priority ?? 10),
    price: String(zone?.price ?? ''),
    bands: (zone?.bands ?? []).map((b) => ({ fromKm: String(b.fromKm), pricePerKm: String(b.pricePerKm) })),
    freeAbove: zone?.freeAbove != null ? String(zone.freeAbove) : '',
    minOrderAmount: String(zone?.minOrderAmount ?? 0),
  };
}

/** A number typed (spaces allowed: "25 000"), NaN for text that is none (the schema then names the field). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.replace(/[\s\u00a0]/g, '')));

/** The body of a zone's save, or the fields the API's schema refuses (their paths joined: `bands.1.fromKm`). */
export function zoneBody(
  draft: ZoneDraft,
  area: ZoneGeoJson | null,
): { ok: true; body: ZoneWrite } | { ok: false; fields: { field: string; message: string }[] } {
  const body = {
    cityId: draft.cityId,
    branchId: draft.branchId || null,
    name: draft.name,
    color: draft.color,
    priority: numberOf(draft.priority),
    area,
    price: numberOf(draft.price),
    bands: draft.bands.map((b) => ({ fromKm: numberOf(b.fromKm), pricePerKm: numberOf(b.pricePerKm) })),
    freeAbove: draft.freeAbove.trim() === '' ? null : numberOf(draft.freeAbove),
    minOrderAmount: draft.minOrderAmount.trim() === '' ? 0 : numberOf(draft.minOrderAmount),
  };
  const checked = ZoneCreate.safeParse(body);
  if (checked.success) return { ok: true, body: checked.data };
  return { ok: false, fields: checked.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })) };
}

type Geometry = { type: string; coordinates: unknown };

/**
 * The shapes drawn on the map (each Leaflet polygon's `toGeoJSON().geometry`: a Polygon, or a MultiPolygon of a
 * polygon with parts) as one area: one polygon stays a Polygon, several make a MultiPolygon; null when none.
 */
export function joinAreas(geometries: readonly Geometry[]): ZoneGeoJson | null {
  const polygons: ZoneGeoJson['coordinates'][] = [];
  for (const g of geometries) {
    if (g.type === 'Polygon') polygons.push(g.coordinates as ZoneGeoJson['coordinates']);
    else if (g.type === 'MultiPolygon') polygons.push(...(g.coordinates as ZoneGeoJson['coordinates'][]));
  }
  if (polygons.length === 0) return null;
  return polygons.length === 1
    ? ({ type: 'Polygon', coordinates: polygons[0] } as ZoneGeoJson)
    : ({ type: 'MultiPolygon', coordinates: polygons } as ZoneGeoJson);
}

/** Colours for new zones, in turn. */
export const ZONE_COLOURS = ['#E4002B', '#3B82F6', '#10B981', '#F59E0B', '#8B5CF6', '#EC4899', '#14B8A6', '#64748B'] as const;
