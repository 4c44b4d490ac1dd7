import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_PREP_MINUTES, DEFAULT_TIME_ZONE, WEEK_NAMES, WORK_HOURS_TYPES, type DistanceBand, type ZoneArea } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, localized, version } from './columns.ts';
import { merchantId } from './merchants.ts';

// Cities, branches, their work hours, delivery zones and the service fee per city.

export const cities = pgTable(
  'cities',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    name: localized(),
    description: text().notNull().default(''),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    isMain: boolean().notNull().default(false),
    isTaximeter: boolean().notNull().default(false),
    timeZone: text().notNull().default(DEFAULT_TIME_ZONE),
    taximeterCommentUz: text().notNull().default(''),
    taximeterCommentRu: text().notNull().default(''),
    taximeterCommentEn: text().notNull().default(''),
    priority: integer().notNull().default(0),
  },
  (t) => [tenantKey(t)],
);

export interface BranchSettingsJson {
  bookingEnabled: boolean;
  deliveryEnabled: boolean;
  dineinEnabled: boolean;
  expressEnabled: boolean;
  kitchenEnabled: boolean;
  payOfficeEnabled: boolean;
  pickupEnabled: boolean;
  storageEnabled: boolean;
  yandexEnabled: boolean;
  directorId: string | null;
}

/** A branch's settings as a new branch starts (the seed, the platform's first branch and the back office's new branch). */
export const branchSettings = (overrides: Partial<BranchSettingsJson> = {}): BranchSettingsJson => ({
  bookingEnabled: false,
  deliveryEnabled: true,
  dineinEnabled: false,
  expressEnabled: false,
  kitchenEnabled: true,
  payOfficeEnabled: false,
  pickupEnabled: true,
  storageEnabled: false,
  yandexEnabled: false,
  directorId: null,
  ...overrides,
});

export const branches = pgTable(
  'branches',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    cityId: uuid().notNull(),
    name: localized(),
    address: text().notNull().default(''),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    phone: text().notNull().default(''),
    bookingPhone: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    isMain: boolean().notNull().default(false),
    deleted: boolean().notNull().default(false),
    deliveryPrice: integer().notNull().default(0),
    deliveryStart: text(),
    deliveryEnd: text(),
    /** The least product amount a delivery order must reach, in so'm. */
    deliveryMinAmount: integer().notNull().default(0),
    /** Minutes the branch usually takes to prepare an order: the arrival estimate's kitchen time until the kitchen gives its own (domain eta.ts). */
    prepMinutes: integer().notNull().default(DEFAULT_PREP_MINUTES),
    joinPosterId: text(),
    jowiId: text(),
    iikoId: text(),
    companyId: text(),
    paymentId: text(),
    settings: jsonb().$type<BranchSettingsJson>().notNull(),
    priority: integer().notNull().default(0),
    /** The staff paused delivery from the branch until then (the stop-list, issue 15). */
    deliveryPausedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    index('branches_merchant_idx').on(t.merchantId, t.cityId),
    sameMerchant('branches_city_fk', t.merchantId, t.cityId, cities),
  ],
);

export const workHours = pgTable(
  'work_hours',
  {
    merchantId: merchantId(),
    branchId: uuid().notNull(),
    type: enumText(WORK_HOURS_TYPES).notNull(),
    weekName: enumText(WEEK_NAMES).notNull(),
    open: text().notNull(),
    close: text().notNull(),
    extraOpen: text(),
    extraClose: text(),
    isDayOff: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.branchId, t.type, t.weekName] }),
    sameMerchant('work_hours_branch_fk', t.merchantId, t.branchId, branches).onDelete('cascade'),
    oneOf('work_hours_type_check', t.type, WORK_HOURS_TYPES),
    oneOf('work_hours_week_name_check', t.weekName, WEEK_NAMES),
  ],
);

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    cityId: uuid().notNull(),
    branchId: uuid(),
    name: text().notNull(),
    color: text().notNull().default('#3b82f6'),
    /** Where zones overlap, the highest priority wins (domain `zoneAtPoint`). */
    priority: integer().notNull().default(0),
    /** One or more polygons of [latitude, longitude] rings, each with its holes (domain `ZoneArea`). */
    area: jsonb().$type<ZoneArea>().notNull(),
    /** The tariff (domain `DeliveryTariff`): the base price up to the first distance band, in so'm. */
    price: integer().notNull().default(0),
    /** From `fromKm` on, `pricePerKm` a started kilometre from the serving branch; ascending. */
    bands: jsonb().$type<DistanceBand[]>().notNull().default([]),
    /** Products worth at least this are delivered free; null for never. */
    freeAbove: integer(),
    /** Products must be worth at least this to be delivered here (0: no minimum). */
    minOrderAmount: integer().notNull().default(0),
  },
  (t) => [
    tenantKey(t),
    index('delivery_zones_merchant_idx').on(t.merchantId, t.cityId),
    sameMerchant('delivery_zones_city_fk', t.merchantId, t.cityId, cities),
    sameMerchant('delivery_zones_branch_fk', t.merchantId, t.branchId, branches),
  ],
);

export const serviceFeeSettings = pgTable(
  'service_fee_settings',
  {
    merchantId: merchantId(),
    /** The whole merchant when null is not allowed in a key, so the merchant-wide row uses a fixed id. */
    cityId: uuid().notNull(),
    isServiceFeeEnabled: boolean().notNull().default(false),
    isServiceFeeFreeAboveThreshold: boolean().notNull().default(false),
    serviceFeeThreshold: integer().notNull().default(0),
    serviceFeeAmount: integer().notNull().default(0),
    minimalDeliveryPrice: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.cityId] })],
);
