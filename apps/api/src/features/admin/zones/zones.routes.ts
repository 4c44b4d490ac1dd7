import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  AppError,
  basketDelivery,
  checkDeliveryMinAmount,
  sum,
  zoneAreaFromGeoJson,
  zoneAreaToGeoJson,
  type QuoteCatalogue,
} from '@dasturxon/domain';
import {
  AdminIdParams,
  AdminZone,
  AdminZoneList,
  VersionQuery,
  ZoneCreate,
  ZoneTestRequest,
  ZoneTestResult,
  ZoneUpdate,
  type ZoneWrite,
} from '@dasturxon/domain/contracts';
import { branches, cities, deliveryZones, type Db } from '@dasturxon/db';
import { createQuoteRepository } from '../../quote/index.ts';
import { actorOf, adminErrors, adminOf, adminSecurity, adminTags, audit, deleteVersioned, updateVersioned } from '../admin-kernel.ts';

/*
 * The back office's delivery zones (issue 28, docs/back-office.md "Delivery zones"): the area as GeoJSON in and out
 * (converted and judged by the domain's zone-geojson.ts), the tariff, versioned writes with their audit record, and a
 * tester that answers what a customer's quote would say at a point (the domain's `basketDelivery`, which the quote
 * prices its delivery with). A write NOTIFYs dx_catalogue (the delivery_zones trigger of migration 0011), so every
 * instance's quote snapshot and zone list drop the brand at once.
 */

type ZoneRow = typeof deliveryZones.$inferSelect;

const viewOf = (row: ZoneRow): AdminZone => ({
  id: row.id,
  version: row.version,
  cityId: row.cityId,
  branchId: row.branchId,
  name: row.name,
  color: row.color,
  priority: row.priority,
  area: zoneAreaToGeoJson(row.area) as AdminZone['area'],
  price: row.price,
  bands: row.bands.map((b) => ({ fromKm: b.fromKm, pricePerKm: b.pricePerKm })),
  freeAbove: row.freeAbove,
  minOrderAmount: row.minOrderAmount,
});

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', { fields: [{ field, message }] });

/** The zone of the brand; 404 when it has none such (another brand's id included). */
async function loadZone(db: Db, merchantId: string, id: string): Promise<ZoneRow> {
  const [row] = await db
    .select()
    .from(deliveryZones)
    .where(and(eq(deliveryZones.merchantId, merchantId), eq(deliveryZones.id, id)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The columns of a zone from a form: its city and branch must be the brand's (400 naming the field). */
async function columnsOf(db: Db, merchantId: string, body: ZoneWrite) {
  const [city] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.merchantId, merchantId), eq(cities.id, body.cityId)));
  if (!city) throw invalid('body.cityId', 'not a city of the brand');
  if (body.branchId) {
    const [branch] = await db
      .select({ deleted: branches.deleted })
      .from(branches)
      .where(and(eq(branches.merchantId, merchantId), eq(branches.id, body.branchId)));
    if (!branch || branch.deleted) throw invalid('body.branchId', 'not a branch of the brand');
  }
  // The schema has judged the area already; this is the one conversion.
  const read = zoneAreaFromGeoJson(body.area);
  if (!read.ok) throw invalid(`body.area.${read.problems[0]!.path.join('.')}`, read.problems[0]!.message);
  return {
    cityId: body.cityId,
    branchId: body.branchId,
    name: body.name,
    color: body.color,
    priority: body.priority,
    area: read.area,
    price: body.price,
    bands: body.bands,
    freeAbove: body.freeAbove,
    minOrderAmount: body.minOrderAmount,
  };
}

const common = { tags: adminTags, security: adminSecurity };

export const zoneRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/v1/delivery-zones',
    {
      config: adminOf('zones'),
      schema: {
        ...common,
        summary: "The brand's delivery zones, highest priority first; areas as GeoJSON",
        response: { 200: AdminZoneList, ...adminErrors },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(deliveryZones)
        .where(eq(deliveryZones.merchantId, actorOf(request).merchantId))
        .orderBy(desc(deliveryZones.priority), asc(deliveryZones.name), asc(deliveryZones.id));
      return { content: rows.map(viewOf) };
    },
  );

  app.get(
    '/admin/v1/delivery-zones/:id',
    {
      config: adminOf('zones'),
      schema: { ...common, summary: 'A delivery zone', params: AdminIdParams, response: { 200: AdminZone, ...adminErrors } },
    },
    async (request) => viewOf(await loadZone(db, actorOf(request).merchantId, request.params.id)),
  );

  app.post(
    '/admin/v1/delivery-zones',
    {
      config: adminOf('zones'),
      schema: {
        ...common,
        summary: 'Draws a delivery zone',
        description:
          '`area` is a GeoJSON Polygon or MultiPolygon ([longitude, latitude], closed rings of at least 4 positions, the first ring ' +
          'the outer boundary and the rest holes, none crossing itself). Bands ascend by `fromKm`.',
        body: ZoneCreate,
        response: { 201: AdminZone, ...adminErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const view = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(deliveryZones)
          .values({ merchantId: actor.merchantId, ...(await columnsOf(tx, actor.merchantId, request.body)) })
          .returning();
        await audit(tx, actor, { objectType: 'delivery-zone', objectId: row!.id, action: 'create', after: row });
        return viewOf(row!);
      });
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/admin/v1/delivery-zones/:id',
    {
      config: adminOf('zones'),
      schema: {
        ...common,
        summary: "Changes a zone's area, priority or tariff (with the version read)",
        params: AdminIdParams,
        body: ZoneUpdate,
        response: { 200: AdminZone, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const before = await loadZone(tx, actor.merchantId, request.params.id);
        const values = await columnsOf(tx, actor.merchantId, request.body);
        const after = await updateVersioned(tx, deliveryZones, actor.merchantId, before.id, request.body.version, values);
        await audit(tx, actor, { objectType: 'delivery-zone', objectId: after.id, action: 'update', before, after });
        return viewOf(after);
      });
    },
  );

  app.delete(
    '/admin/v1/delivery-zones/:id',
    {
      config: adminOf('zones'),
      schema: {
        ...common,
        summary: 'Removes a delivery zone (orders keep their address and price, not the zone)',
        params: AdminIdParams,
        querystring: VersionQuery,
        response: { 200: AdminZone, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const before = await deleteVersioned(tx, deliveryZones, actor.merchantId, request.params.id, request.query.version);
        await audit(tx, actor, { objectType: 'delivery-zone', objectId: before.id, action: 'delete', before });
        return viewOf(before);
      });
    },
  );

  app.post(
    '/admin/v1/delivery-zones/test',
    {
      config: adminOf('zones'),
      schema: {
        ...common,
        summary: 'What a customer would get at a point: the zone, the delivery price and the minimum',
        description:
          "The quote's own rule (domain `basketDelivery`): the zone of highest priority holding the point, its tariff for the " +
          "distance from the chosen branch (else the zone's own) and the products' worth, the least delivery price of the service " +
          "fee settings, and the minimum (the zone's, else the branch's). Outside every zone it answers `zone: null` (not an " +
          'error), with OUT_OF_SERVICE_ZONE when the brand checks the delivery area. Reads the zones as saved now.',
        body: ZoneTestRequest,
        response: { 200: ZoneTestResult, ...adminErrors },
      },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      const body = request.body;
      // The catalogue as the quote reads it, read now (not a kept snapshot): the tester shows what was just saved.
      const quotes = createQuoteRepository(db);
      const branchRows = await quotes.branches(merchantId);
      const catalogue: Pick<QuoteCatalogue, 'zones' | 'branches' | 'serviceFees' | 'settings'> = {
        zones: await quotes.zones(merchantId),
        branches: new Map(branchRows.map((b) => [b.id, b])),
        serviceFees: await quotes.serviceFees(merchantId),
        settings: await quotes.settings(merchantId),
      };
      const branch = body.branchId ? (catalogue.branches.get(body.branchId) ?? null) : null;
      if (body.branchId && !branch) throw invalid('body.branchId', 'not a branch of the brand');
      const delivery = basketDelivery(catalogue, {
        serviceType: 'DELIVERY',
        point: [body.latitude, body.longitude],
        branch,
        productAmount: sum(body.subtotal),
      });
      const zone = delivery.zoneId ? catalogue.zones.find((z) => z.id === delivery.zoneId)! : null;
      return {
        zone: zone && { id: zone.id, name: zone.name, color: zone.color, priority: zone.priority },
        deliveryPrice: delivery.price,
        minOrderAmount: delivery.minimum,
        // As the quote judges it: not for an empty basket (a subtotal of 0).
        belowMinimum: checkDeliveryMinAmount('DELIVERY', sum(body.subtotal), sum(delivery.minimum), body.subtotal > 0 ? 1 : 0) !== null,
        freeAbove: zone?.freeAbove ?? null,
        branchId: branch?.id ?? (delivery.distanceMeters !== null ? (zone?.branchId ?? null) : null),
        distanceMeters: delivery.distanceMeters,
        problem: delivery.problem?.code === 'OUT_OF_SERVICE_ZONE' ? ('OUT_OF_SERVICE_ZONE' as const) : null,
      };
    },
  );
};
