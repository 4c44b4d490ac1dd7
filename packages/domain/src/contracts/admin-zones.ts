import { z } from 'zod';
import { geoJsonAreaProblems } from '../zone-geojson.ts';

/*
 * The back office's delivery zones (issue 28, `/api/admin/v1/delivery-zones`, docs/back-office.md "Delivery zones"):
 * a zone's area as GeoJSON (`Polygon` or `MultiPolygon`, [longitude, latitude], closed rings, the first the outer
 * boundary and the rest holes), its priority and its tariff. The area is judged and converted by the domain's
 * `zone-geojson.ts` alone; the console checks its form with these same schemas before sending.
 */

const sum = z.number().int().min(0).max(1_000_000_000);
const position = z.tuple([z.number(), z.number()]);
const ring = z.array(position);

/** A zone's area: a GeoJSON Polygon or MultiPolygon, checked by the domain (`zoneAreaFromGeoJson`). */
export const ZoneGeoJson = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) }),
  ])
  .superRefine((geo, ctx) => {
    for (const problem of geoJsonAreaProblems(geo)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type ZoneGeoJson = z.infer<typeof ZoneGeoJson>;

/** From `fromKm` on, each started kilometre from the serving branch costs `pricePerKm`. */
export const ZoneBand = z.object({ fromKm: z.number().int().min(0).max(1000), pricePerKm: sum });

/** What the owner edits of a zone. */
export const ZoneFields = z.object({
  cityId: z.uuid(),
  /** The branch that serves it (the distance is counted from it); null: the chosen or nearest one. */
  branchId: z.uuid().nullable().default(null),
  name: z.string().trim().min(1).max(100),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb'),
  /** Where zones overlap, the highest priority wins. */
  priority: z.number().int().min(0).max(100_000).default(0),
  area: ZoneGeoJson,
  /** What delivery costs up to the first band, in so'm. */
  price: sum,
  /** Ascending by `fromKm`, each starting after the one before. */
  bands: z
    .array(ZoneBand)
    .max(20)
    .default([])
    .superRefine((bands, ctx) => {
      bands.forEach((band, i) => {
        if (i > 0 && band.fromKm <= bands[i - 1]!.fromKm)
          ctx.addIssue({ code: 'custom', path: [i, 'fromKm'], message: 'Bands go up: each starts after the one before' });
      });
    }),
  /** Products worth at least this are delivered free; null: never. */
  freeAbove: sum.nullable().default(null),
  /** Products must be worth at least this to be delivered here (0: no minimum). */
  minOrderAmount: sum.default(0),
});
export type ZoneFields = z.input<typeof ZoneFields>;
/** A zone's fields as the server has them after parsing (defaults filled). */
export type ZoneWrite = z.output<typeof ZoneFields>;

export const ZoneCreate = ZoneFields;
export const ZoneUpdate = ZoneFields.extend({ version: z.number().int().min(1) });
export type ZoneUpdate = z.input<typeof ZoneUpdate>;

/** A zone as the back office reads it: the area answered as GeoJSON too. */
export const AdminZone = z.object({
  id: z.uuid(),
  version: z.number().int(),
  cityId: z.uuid(),
  branchId: z.uuid().nullable(),
  name: z.string(),
  color: z.string(),
  priority: z.number().int(),
  area: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) }),
  ]),
  price: z.number().int(),
  bands: z.array(z.object({ fromKm: z.number(), pricePerKm: z.number().int() })),
  freeAbove: z.number().int().nullable(),
  minOrderAmount: z.number().int(),
});
export type AdminZone = z.infer<typeof AdminZone>;
export const AdminZoneList = z.object({ content: z.array(AdminZone) });
export type AdminZoneList = z.infer<typeof AdminZoneList>;

/** The tester: a point on the map (and what the basket is worth, and the branch chosen) → what a customer's quote says. */
export const ZoneTestRequest = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The products' worth after their own discounts (the free-above and the minimum are judged on it). */
  subtotal: sum.default(0),
  /** The branch the customer chose; none: the zone's own. */
  branchId: z.uuid().nullable().optional(),
});
export type ZoneTestRequest = z.input<typeof ZoneTestRequest>;

export const ZoneTestResult = z.object({
  /** The zone that holds the point (highest priority where zones overlap); null outside every zone. */
  zone: z.object({ id: z.uuid(), name: z.string(), color: z.string(), priority: z.number().int() }).nullable(),
  /** The delivery price the quote would charge for these products, in so'm (outside every zone: the branch's flat price). */
  deliveryPrice: z.number().int(),
  /** The least the products must be worth for delivery here (the zone's, else the branch's; 0: none). */
  minOrderAmount: z.number().int(),
  /** Whether the products fall short of it. */
  belowMinimum: z.boolean(),
  /** Products worth this much are delivered free; null: never (or outside every zone). */
  freeAbove: z.number().int().nullable(),
  /** The branch the distance is counted from, and the distance in metres; null when there is none. */
  branchId: z.uuid().nullable(),
  distanceMeters: z.number().int().nullable(),
  /** OUT_OF_SERVICE_ZONE when the brand checks the delivery area and the point lies in no zone: the quote refuses it. */
  problem: z.enum(['OUT_OF_SERVICE_ZONE']).nullable(),
});
export type ZoneTestResult = z.infer<typeof ZoneTestResult>;
