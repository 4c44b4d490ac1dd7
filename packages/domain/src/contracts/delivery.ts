import { z } from 'zod';
import { Branch } from './branches.ts';

/*
 * Delivery zones, the delivery tariff and the serving branch (issue 12; docs/spec-index.md sections 3 and 7). Points
 * and rings are [latitude, longitude], as the map and the domain keep them.
 */

const Point = z.tuple([z.number(), z.number()]);
const Amount = z.number().int().min(0);

export const ZonePolygonBody = z.object({ outer: z.array(Point), holes: z.array(z.array(Point)) });

/** A delivery zone as `GET /users/v1/region` answers it (docs/spec-index.md section 3, Region). */
export const Region = z.object({
  id: z.uuid(),
  cityId: z.uuid(),
  name: z.string(),
  color: z.string(),
  /** Where zones overlap, the highest priority serves. */
  priority: z.number().int(),
  /** The branch that serves the zone; null: the nearest one that delivers. */
  branchId: z.uuid().nullable(),
  /** The outer ring of the zone's first part (the spec's polygon); `area` has every part and hole. */
  polygon: z.array(Point),
  area: z.array(ZonePolygonBody),
  /** The base delivery price, in so'm. */
  price: Amount,
  bands: z.array(z.object({ fromKm: z.number().min(0), pricePerKm: Amount })),
  freeAbove: Amount.nullable(),
  minOrderAmount: Amount,
});
export type Region = z.infer<typeof Region>;

/** `POST /deliveries/v1/delivery/tariff/client/calculate` (docs/spec-index.md section 3, Delivery tariff request). */
export const TariffRequest = z.strictObject({
  /** The products' worth after their own discounts, in so'm. */
  productPrice: z.number().int().min(0).max(1_000_000_000),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The chosen branch; without it the zone's branch or the nearest one that delivers now. */
  branchId: z.uuid().nullish(),
  /** Sent by older clients; the server measures the distance itself. */
  distance: z.number().min(0).optional(),
  address: z.string().max(300).optional(),
  cityId: z.uuid().nullish(),
});
export type TariffRequest = z.infer<typeof TariffRequest>;

export const TariffResponse = z.object({
  price: Amount,
  zoneId: z.uuid(),
  branchId: z.uuid(),
  /** From the branch to the address, in metres. */
  distance: z.number().int().min(0),
  minOrderAmount: Amount,
  freeAbove: Amount.nullable(),
});
export type TariffResponse = z.infer<typeof TariffResponse>;

export const ClosestBranchParams = z.object({ merchantId: z.uuid() });
export const ClosestBranchQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  type: z.enum(['DELIVERY', 'PICK_UP']).default('DELIVERY'),
});
export type ClosestBranchQuery = z.infer<typeof ClosestBranchQuery>;

/** The branch that serves a point, with its distance in metres (docs/spec-index.md section 3, Branch.distance). */
export const ClosestBranch = Branch.extend({ distance: z.number().int().min(0) });
export type ClosestBranch = z.infer<typeof ClosestBranch>;
