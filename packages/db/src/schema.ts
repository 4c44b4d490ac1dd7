import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BASKET_POSITIONS,
  CATEGORY_VIEWS,
  CATEGORY_VIEW_TYPES,
  CONTENT_LANGUAGES,
  DEFAULT_MAIN_COLOR,
  DEFAULT_MERCHANT_LOCATION,
  DEFAULT_SMS_COUNTRIES,
  DEFAULT_TIME_ZONE,
  DISCOUNT_TYPES,
  GENDERS,
  GROUP_VIEWS,
  MAP_TYPES,
  MODIFICATION_VIEW_TYPES,
  NAVIGATION_TYPES,
  OTP_PURPOSES,
  PAYMENT_PROVIDERS,
  PHONE_COUNTRIES,
  POLICY_TYPES,
  PRODUCT_TYPES,
  SCROLL_TYPES,
  SETTINGS_FLAG_DEFAULTS,
  SETTINGS_FLAGS,
  SETTINGS_TEXT_FIELDS,
  SETTINGS_CHANNELS,
  SMS_GATEWAYS,
  THEME_TYPES,
  UNITS,
  WEEK_NAMES,
  WORK_HOURS_TYPES,
  CASHBACK_ENTRY_KINDS,
  DEFAULT_LEAD_TIME_MINUTES,
  ORDER_CHANGE_REASONS,
  ORDER_DEVICES,
  ORDER_ROLES,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  SERVICE_TYPES,
  STAFF_ROLES,
  COURIER_STATUSES,
  type CourierStatus,
  type AddressType,
  type DistanceBand,
  type LocalizedText,
  type AddressDetails,
  ADDRESS_TYPES,
  type ZoneArea,
  type PhoneCountryCode,
  type SettingsFlag,
  type SettingsTextField,
} from '@dasturxon/domain';

// Column names are the snake_case of the keys (the client and drizzle-kit use `casing: 'snake_case'`).
//
// Tenant keys (docs/decisions/007): every tenant-owned table carries merchant_id; its primary key is
// (merchant_id, id) or starts with merchant_id; every foreign key between tenant tables is
// (merchant_id, x_id) → (merchant_id, id), so the database itself refuses a row that points at another
// brand's row, and the schema can be distributed by merchant_id (Citus) as it is. merchant_id leads every
// unique index, except on the two routing tables a request is resolved with before its brand is known
// (merchants.sub, brands.domain_url), which would be reference tables there.
//
// Enumerations (decision 001's rule, for every enum column): a text column holding a domain enum is typed
// with it and checked by the database against the same list (`<table>_<column>_check`).

const id = () => uuid().notNull().defaultRandom();
const merchantId = () => uuid().notNull().references(() => merchants.id, { onDelete: 'cascade' });

/** The primary key of a tenant table with its own id. */
const tenantKey = (t: { merchantId: AnyPgColumn; id: AnyPgColumn }) => primaryKey({ columns: [t.merchantId, t.id] });

/** A reference to a row of another tenant table, of the same merchant. */
const sameMerchant = (name: string, merchantColumn: AnyPgColumn, column: AnyPgColumn, target: { merchantId: AnyPgColumn; id: AnyPgColumn }) =>
  foreignKey({ name, columns: [merchantColumn, column], foreignColumns: [target.merchantId, target.id] });

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The database's check that a column holds one of an enum's values (null passes: nullability is the column's). */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);

/** A text column typed with a domain enum (checked by `oneOf` in its table). */
const enumText = <T extends string>(_values: readonly T[]) => text().$type<T>();
const localized = () => jsonb().$type<LocalizedText>().notNull().default({});
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const merchants = pgTable('merchants', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  logo: text().notNull().default(''),
  color: text().notNull().default(DEFAULT_MAIN_COLOR),
  sub: text().notNull().unique(),
  isActive: boolean().notNull().default(true),
  latitude: doublePrecision().notNull().default(DEFAULT_MERCHANT_LOCATION.latitude),
  longitude: doublePrecision().notNull().default(DEFAULT_MERCHANT_LOCATION.longitude),
  mainCityId: uuid(),
  smsGateway: enumText(SMS_GATEWAYS).notNull().default('OUTBOX'),
  /** ISO codes of the countries whose numbers may ask for a code (`PHONE_COUNTRIES`); the first is the example in messages. */
  smsCountries: text().array().$type<PhoneCountryCode[]>().notNull().default([...DEFAULT_SMS_COUNTRIES]),
  /** Codes sent an hour and a day at most; null is the deployment's SMS_BUDGET_PER_HOUR / SMS_BUDGET_PER_DAY. */
  smsBudgetPerHour: integer(),
  smsBudgetPerDay: integer(),
  createdAt: createdAt(),
}, (t) => [
  oneOf('merchants_sms_gateway_check', t.smsGateway, SMS_GATEWAYS),
  check('merchants_sms_countries_check', sql`${t.smsCountries} <@ array[${sql.raw(PHONE_COUNTRIES.map((c) => literal(c.iso)).join(', '))}]::text[]`),
]);

/** What a merchant keeps secret: never selected by a public call. */
export const merchantSecrets = pgTable('merchant_secrets', {
  merchantId: uuid().primaryKey().references(() => merchants.id, { onDelete: 'cascade' }),
  smsCredentials: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  posKeys: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  paymentKeys: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  yandexMapKey: text().notNull().default(''),
  yandexDeliveryKey: text().notNull().default(''),
  appId: text().notNull().default(''),
  /** The brand's Telegram bot token, sealed like the payment accounts (AES-256-GCM under PAYMENT_SECRETS_KEY). */
  telegramBotToken: text(),
});

const flagColumn = (d: boolean) => boolean().notNull().default(d);
const textColumn = () => text().notNull().default('');
const flagColumns = Object.fromEntries(SETTINGS_FLAGS.map((f) => [f, flagColumn(SETTINGS_FLAG_DEFAULTS[f])])) as {
  [K in SettingsFlag]: ReturnType<typeof flagColumn>;
};
const textColumns = Object.fromEntries(SETTINGS_TEXT_FIELDS.map((f) => [f, textColumn()])) as {
  [K in SettingsTextField]: ReturnType<typeof textColumn>;
};

/** Web and click-app settings (spec section 3); the defaults are the domain's. */
export const merchantSettings = pgTable(
  'merchant_settings',
  {
    merchantId: merchantId(),
    channel: enumText(SETTINGS_CHANNELS).notNull(),
    ...flagColumns,
    ...textColumns,
    mainColor: text().notNull().default(DEFAULT_MAIN_COLOR),
    mainLanguage: enumText(CONTENT_LANGUAGES).notNull().default('ru'),
    forcedLanguage: enumText(CONTENT_LANGUAGES),
    yandexMetricsKeys: jsonb().$type<string[]>().notNull().default([]),
    contacts: jsonb().$type<string[]>().notNull().default([]),
    title: localized(),
    leftCopyWrite: localized(),
    rightCopyWrite: localized(),
    mapType: enumText(MAP_TYPES).notNull().default('YANDEX'),
    mainColorType: enumText(THEME_TYPES).notNull().default('DARK'),
    groupView: enumText(GROUP_VIEWS).notNull().default('GROUP'),
    categoryView: enumText(CATEGORY_VIEWS).notNull().default('ALL'),
    basketPosition: enumText(BASKET_POSITIONS).notNull().default('NAVIGATION_BAR'),
    modificationViewType: enumText(MODIFICATION_VIEW_TYPES).notNull().default('NAME_ONLY'),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.channel] }),
    oneOf('merchant_settings_channel_check', t.channel, SETTINGS_CHANNELS),
    oneOf('merchant_settings_main_language_check', t.mainLanguage, CONTENT_LANGUAGES),
    oneOf('merchant_settings_forced_language_check', t.forcedLanguage, CONTENT_LANGUAGES),
    oneOf('merchant_settings_map_type_check', t.mapType, MAP_TYPES),
    oneOf('merchant_settings_main_color_type_check', t.mainColorType, THEME_TYPES),
    oneOf('merchant_settings_group_view_check', t.groupView, GROUP_VIEWS),
    oneOf('merchant_settings_category_view_check', t.categoryView, CATEGORY_VIEWS),
    oneOf('merchant_settings_basket_position_check', t.basketPosition, BASKET_POSITIONS),
    oneOf('merchant_settings_modification_view_type_check', t.modificationViewType, MODIFICATION_VIEW_TYPES),
  ],
);

/** A brand entry: a host or domain that leads to a merchant, and a tab of multi-tab navigation. */
export const brands = pgTable(
  'brands',
  {
    id: id(),
    merchantId: merchantId(),
    name: text().notNull(),
    domainUrl: text(),
    color: text().notNull().default(DEFAULT_MAIN_COLOR),
    image: text().notNull().default(''),
    priority: integer().notNull().default(0),
  },
  (t) => [tenantKey(t), uniqueIndex('brands_domain_url_key').on(t.domainUrl)],
);

export const cities = pgTable(
  'cities',
  {
    id: id(),
    merchantId: merchantId(),
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

export const branches = pgTable(
  'branches',
  {
    id: id(),
    merchantId: merchantId(),
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
  (t) => [tenantKey(t), index('branches_merchant_idx').on(t.merchantId, t.cityId), sameMerchant('branches_city_fk', t.merchantId, t.cityId, cities)],
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

export const companyPolicies = pgTable(
  'company_policies',
  {
    merchantId: merchantId(),
    type: enumText(POLICY_TYPES).notNull(),
    text: localized(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.type] }), oneOf('company_policies_type_check', t.type, POLICY_TYPES)],
);

export const groups = pgTable(
  'groups',
  {
    id: id(),
    merchantId: merchantId(),
    name: localized(),
    icon: text().notNull().default(''),
    image: text().notNull().default(''),
    bgColor: text().notNull().default(''),
    iconBgColor: text().notNull().default(''),
    priority: integer().notNull().default(0),
  },
  (t) => [tenantKey(t)],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    merchantId: merchantId(),
    groupId: uuid(),
    name: localized(),
    image: text().notNull().default(''),
    priority: integer().notNull().default(0),
    textColor: text().notNull().default(''),
    viewType: enumText(CATEGORY_VIEW_TYPES).notNull().default('MEDIUM'),
    scrollType: enumText(SCROLL_TYPES).notNull().default('VERTICAL'),
    navigationType: enumText(NAVIGATION_TYPES).notNull().default('SHEET'),
    isWithoutCart: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
  },
  (t) => [
    tenantKey(t),
    sameMerchant('categories_group_fk', t.merchantId, t.groupId, groups),
    oneOf('categories_view_type_check', t.viewType, CATEGORY_VIEW_TYPES),
    oneOf('categories_scroll_type_check', t.scrollType, SCROLL_TYPES),
    oneOf('categories_navigation_type_check', t.navigationType, NAVIGATION_TYPES),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    merchantId: merchantId(),
    categoryId: uuid().notNull(),
    name: localized(),
    description: localized(),
    image: text().notNull().default(''),
    gallery: jsonb().$type<string[]>().notNull().default([]),
    costPrice: integer().notNull(),
    /** Percent of the cost price, 0 to 100. */
    discount: integer().notNull().default(0),
    additionalPrice: integer().notNull().default(0),
    unit: enumText(UNITS).notNull().default('COUNT'),
    type: enumText(PRODUCT_TYPES).notNull().default('NONE'),
    /** Stock left; null means not counted. */
    count: integer(),
    amount: doublePrecision(),
    calorie: integer(),
    measure: doublePrecision(),
    priority: integer().notNull().default(0),
    labels: jsonb().$type<LocalizedText[]>().notNull().default([]),
    tags: jsonb().$type<string[]>().notNull().default([]),
    barcode: text(),
    /** The product's IKPU (MXIK) code, which a fiscal receipt names: without it the product cannot be paid online. */
    mxicCode: text(),
    /** The package (unit) code of the IKPU classifier a receipt names with it. */
    packageCode: text(),
    /** VAT in percent included in the price, as a receipt states it (12 in Uzbekistan; 0 for a brand exempt). */
    vatPercent: integer().notNull().default(12),
    timeCookingMin: integer(),
    timeCookingMax: integer(),
    isAvailable: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    deliveryEnabled: boolean().notNull().default(true),
    enabledEats: boolean().notNull().default(false),
    eatsPrice: integer(),
    enabledExpress: boolean().notNull().default(false),
    expressPrice: integer(),
    isCartRecommendation: boolean().notNull().default(false),
    /** Channels the product is shown in (overalls `type`). */
    systems: jsonb().$type<string[]>().notNull().default(['WEB', 'TELEGRAM', 'QR', 'APP']),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    index('products_merchant_idx').on(t.merchantId, t.categoryId),
    sameMerchant('products_category_fk', t.merchantId, t.categoryId, categories),
    oneOf('products_unit_check', t.unit, UNITS),
    oneOf('products_type_check', t.type, PRODUCT_TYPES),
  ],
);

export const modificationGroups = pgTable(
  'modification_groups',
  {
    id: id(),
    merchantId: merchantId(),
    productId: uuid().notNull(),
    name: localized(),
    min: integer().notNull().default(0),
    max: integer().notNull().default(1),
    priority: integer().notNull().default(0),
  },
  (t) => [
    tenantKey(t),
    index('modification_groups_product_idx').on(t.merchantId, t.productId),
    sameMerchant('modification_groups_product_fk', t.merchantId, t.productId, products).onDelete('cascade'),
  ],
);

export const modifications = pgTable(
  'modifications',
  {
    id: id(),
    merchantId: merchantId(),
    productId: uuid().notNull(),
    groupId: uuid().notNull(),
    name: localized(),
    image: text().notNull().default(''),
    price: integer().notNull().default(0),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [
    tenantKey(t),
    index('modifications_product_idx').on(t.merchantId, t.productId),
    sameMerchant('modifications_product_fk', t.merchantId, t.productId, products).onDelete('cascade'),
    sameMerchant('modifications_group_fk', t.merchantId, t.groupId, modificationGroups).onDelete('cascade'),
  ],
);

/** A product's availability at a branch; no row means available there. */
export const productBranches = pgTable(
  'product_branches',
  {
    merchantId: merchantId(),
    productId: uuid().notNull(),
    branchId: uuid().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.productId, t.branchId] }),
    sameMerchant('product_branches_product_fk', t.merchantId, t.productId, products).onDelete('cascade'),
    sameMerchant('product_branches_branch_fk', t.merchantId, t.branchId, branches).onDelete('cascade'),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    merchantId: merchantId(),
    title: localized(),
    image: text().notNull(),
    link: text().notNull().default(''),
    productId: uuid(),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [tenantKey(t)],
);

export interface StorySlide {
  image: string;
  text?: LocalizedText;
  link?: string;
}

export const stories = pgTable(
  'stories',
  {
    id: id(),
    merchantId: merchantId(),
    title: localized(),
    preview: text().notNull(),
    slides: jsonb().$type<StorySlide[]>().notNull().default([]),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [tenantKey(t)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    merchantId: merchantId(),
    /** E.164; null once the account is deleted. */
    phone: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    email: text(),
    birthday: date(),
    image: text(),
    gender: enumText(GENDERS),
    role: text().notNull().default('CLIENT'),
    cashback: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('users_merchant_phone_key').on(t.merchantId, t.phone).where(sql`${t.phone} is not null`),
    oneOf('users_gender_check', t.gender, GENDERS),
    // The balance the cashback ledger adds up to (cashback_entries): spending more than it holds is refused.
    check('users_cashback_check', sql`${t.cashback} >= 0`),
  ],
);

export const grades = pgTable(
  'grades',
  {
    merchantId: merchantId(),
    productId: uuid().notNull(),
    userId: uuid().notNull(),
    grade: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.productId, t.userId] }),
    sameMerchant('grades_product_fk', t.merchantId, t.productId, products).onDelete('cascade'),
    sameMerchant('grades_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
  ],
);

export const promos = pgTable(
  'promos',
  {
    id: id(),
    merchantId: merchantId(),
    code: text().notNull(),
    discountType: enumText(DISCOUNT_TYPES).notNull(),
    productDiscount: integer().notNull().default(0),
    deliveryDiscount: integer().notNull().default(0),
    minPrice: integer().notNull().default(0),
    startDate: timestamp({ withTimezone: true }),
    endDate: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('promos_merchant_code_key').on(t.merchantId, sql`lower(${t.code})`),
    oneOf('promos_discount_type_check', t.discountType, DISCOUNT_TYPES),
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

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    merchantId: merchantId(),
    phone: text().notNull(),
    purpose: enumText(OTP_PURPOSES).notNull(),
    /** Who may use the code: the customer changing their phone; empty for a login. Also hashed into code_hash. */
    subject: text().notNull().default(''),
    codeHash: text().notNull(),
    /** Wrong entries from every address. */
    attempts: integer().notNull().default(0),
    /** Wrong entries per client address (`{"10.0.0.7": 2}`), written under the row's lock. */
    triesByAddress: jsonb().$type<Record<string, number>>().notNull().default({}),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** The address the code was sent for. */
    clientIp: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    oneOf('otp_codes_purpose_check', t.purpose, OTP_PURPOSES),
    index('otp_codes_phone_idx').on(t.merchantId, t.phone, t.createdAt),
    // Sends are limited per client address too.
    index('otp_codes_client_ip_idx').on(t.merchantId, t.clientIp, t.createdAt),
    // And per brand (its SMS budget).
    index('otp_codes_merchant_created_idx').on(t.merchantId, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('sessions_token_key').on(t.merchantId, t.tokenHash),
    index('sessions_user_idx').on(t.merchantId, t.userId),
    sameMerchant('sessions_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
  ],
);

/** A customer's saved delivery address (spec section 3, Address); only its owner sees it. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    type: enumText(ADDRESS_TYPES).notNull().default('HOUSE'),
    /** What the customer calls it ("Home", "Office"). */
    name: text().notNull().default(''),
    streetName: text().notNull().default(''),
    houseNumber: text().notNull().default(''),
    /** Office, domophone (intercom), entrance, floor, comment. */
    details: jsonb().$type<AddressDetails>().notNull().default({}),
    /** The address as one line, as the map or the geocoder wrote it. */
    description: text().notNull().default(''),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    cityId: uuid(),
    comment: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    index('addresses_user_idx').on(t.merchantId, t.userId),
    sameMerchant('addresses_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    sameMerchant('addresses_city_fk', t.merchantId, t.cityId, cities),
    oneOf('addresses_type_check', t.type, ADDRESS_TYPES),
  ],
);

// ── Orders (issue 13; docs/decisions/008-order-lifecycle.md) ─────────────────────────────────────────────

/** How a brand takes orders beyond its settings flags; a brand without a row has the defaults. */
export const merchantOrderSettings = pgTable(
  'merchant_order_settings',
  {
    merchantId: uuid().primaryKey().references(() => merchants.id, { onDelete: 'cascade' }),
    /** A scheduled order is at least this far ahead, and opens for the branch this long before its time. */
    leadTimeMinutes: integer().notNull().default(DEFAULT_LEAD_TIME_MINUTES),
    /** An order awaiting online payment is cancelled after this long (the payment issue's timer). */
    unpaidCancelMinutes: integer().notNull().default(20),
    /** Percent of what a customer pays that comes back as cashback once the order is completed (with cashbackActive). */
    cashbackPercent: integer().notNull().default(0),
  },
  (t) => [
    check('merchant_order_settings_lead_time_check', sql`${t.leadTimeMinutes} between 0 and 1440`),
    check('merchant_order_settings_unpaid_check', sql`${t.unpaidCancelMinutes} between 1 and 1440`),
    check('merchant_order_settings_cashback_check', sql`${t.cashbackPercent} between 0 and 100`),
  ],
);

/** A payment method of a brand (spec section 3, Payment method) with the channels it may be used on. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    merchantId: merchantId(),
    type: enumText(PAYMENT_TYPES).notNull(),
    name: text().notNull().default(''),
    icon: text().notNull().default(''),
    title: localized(),
    iikoId: text(),
    isActive: boolean().notNull().default(true),
    webEnabled: boolean().notNull().default(true),
    botEnabled: boolean().notNull().default(true),
    appEnabled: boolean().notNull().default(true),
    qrEnabled: boolean().notNull().default(true),
    operatorEnabled: boolean().notNull().default(true),
  },
  (t) => [tenantKey(t), uniqueIndex('payment_methods_type_key').on(t.merchantId, t.type), oneOf('payment_methods_type_check', t.type, PAYMENT_TYPES)],
);

/** The last order number a brand gave out: taken and raised in the transaction that places an order. */
/**
 * The version of each brand's pricing catalogue (migration 0013_catalogue_versions): the trigger that NOTIFYs
 * dx_catalogue also sets it to the id of the writing transaction, so the version changes exactly when something
 * a price is drawn from commits (a product's stock alone does not: it is taken under lock where it matters).
 * An order priced from a kept snapshot checks it in its own transaction (decision 014). No foreign key: the
 * trigger also fires while a brand's rows are deleted with it.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  merchantId: uuid().primaryKey(),
  version: bigint({ mode: 'bigint' }).notNull(),
});

export const orderCounters = pgTable('order_counters', {
  merchantId: uuid().primaryKey().references(() => merchants.id, { onDelete: 'cascade' }),
  lastNumber: integer().notNull().default(0),
});

/** Where an order goes, as it was when ordered (a saved address may change or go later). */
export interface OrderAddressJson {
  latitude: number;
  longitude: number;
  type: AddressType;
  streetName: string;
  houseNumber: string;
  description: string;
  details: AddressDetails;
  addressId: string | null;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    merchantId: merchantId(),
    /** Per brand, increasing: the number people read aloud. */
    number: integer().notNull(),
    userId: uuid().notNull(),
    branchId: uuid().notNull(),
    status: enumText(ORDER_STATUSES).notNull(),
    serviceType: enumText(SERVICE_TYPES).notNull(),
    paymentType: enumText(PAYMENT_TYPES).notNull(),
    orderDevice: enumText(ORDER_DEVICES).notNull(),
    isPaid: boolean().notNull().default(false),
    address: jsonb().$type<OrderAddressJson>(),
    /** The delivery zone that priced it (zones are rewritten by imports, so no reference). */
    zoneId: uuid(),
    comment: text().notNull().default(''),
    courierComment: text().notNull().default(''),
    receiver: jsonb().$type<{ name: string; phone: string }>(),
    sendCheque: boolean().notNull().default(false),
    sendChequePhone: text(),
    hallId: text(),
    tableId: text(),
    productCount: integer().notNull(),
    productPrice: integer().notNull(),
    productDiscount: integer().notNull(),
    promoProductDiscount: integer().notNull(),
    deliveryPrice: integer().notNull(),
    deliveryDiscount: integer().notNull(),
    serviceFee: integer().notNull(),
    totalDiscount: integer().notNull(),
    totalPrice: integer().notNull(),
    /** Cashback spent on the order. */
    cashback: integer().notNull().default(0),
    /** Cashback the order earns, credited once it is completed. */
    cashbackEarned: integer().notNull().default(0),
    promoId: uuid(),
    promoCode: text(),
    /** A scheduled order's time; null for "now". */
    deliveryAt: timestamp({ withTimezone: true }),
    /** When a scheduled order opens for the branch (its lead time before deliveryAt). */
    opensAt: timestamp({ withTimezone: true }),
    /** An order awaiting online payment is cancelled after this. */
    payUntil: timestamp({ withTimezone: true }),
    /** Why it was cancelled. */
    reason: text(),
    /** Hidden from the customer's history. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** The courier (staff) it is attached to, and where the courier is with it (spec section 4, courier status). */
    courierId: uuid(),
    courierStatus: enumText(COURIER_STATUSES).notNull().default(''),
    /** The staff member who accepted it. */
    operatorId: uuid(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** When the kitchen marked it ready (DONE). */
    readyAt: timestamp({ withTimezone: true }),
    /** When it reached the customer (DELIVERED, or CLOSED at the counter). */
    deliveredAt: timestamp({ withTimezone: true }),
    /** Minutes the kitchen said it needs when accepting. */
    cookingTime: integer(),
    /** The customer's Telegram chat, from verified Mini App data, for status messages through the brand's bot. */
    telegramChatId: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('orders_number_key').on(t.merchantId, t.number),
    // The board: a branch's orders of the day and its active ones.
    index('orders_branch_idx').on(t.merchantId, t.branchId, t.createdAt),
    index('orders_courier_idx').on(t.merchantId, t.courierId).where(sql`${t.courierId} is not null`),
    // The payment providers name an order by its id alone (ids are unique across brands).
    index('orders_id_idx').on(t.id),
    index('orders_user_idx').on(t.merchantId, t.userId, t.createdAt),
    // The timers' work lists: scheduled orders to open, unpaid ones to cancel.
    index('orders_opens_at_idx').on(t.merchantId, t.opensAt).where(sql`${t.status} = 'AT_TIME'`),
    index('orders_pay_until_idx').on(t.merchantId, t.payUntil).where(sql`${t.status} = 'CREATED'`),
    sameMerchant('orders_user_fk', t.merchantId, t.userId, users),
    sameMerchant('orders_branch_fk', t.merchantId, t.branchId, branches),
    sameMerchant('orders_promo_fk', t.merchantId, t.promoId, promos),
    oneOf('orders_status_check', t.status, ORDER_STATUSES),
    oneOf('orders_service_type_check', t.serviceType, SERVICE_TYPES),
    oneOf('orders_payment_type_check', t.paymentType, PAYMENT_TYPES),
    oneOf('orders_order_device_check', t.orderDevice, ORDER_DEVICES),
    oneOf('orders_courier_status_check', t.courierStatus, COURIER_STATUSES),
    sameMerchant('orders_courier_fk', t.merchantId, t.courierId, staff),
    sameMerchant('orders_operator_fk', t.merchantId, t.operatorId, staff),
    check('orders_cooking_time_check', sql`${t.cookingTime} is null or ${t.cookingTime} between 1 and 240`),
    check(
      'orders_amounts_check',
      sql`${t.number} > 0 and ${t.productCount} >= 0 and ${t.productPrice} >= 0 and ${t.productDiscount} >= 0 and ${t.promoProductDiscount} >= 0
        and ${t.deliveryPrice} >= 0 and ${t.deliveryDiscount} >= 0 and ${t.serviceFee} >= 0 and ${t.totalDiscount} >= 0 and ${t.totalPrice} >= 0
        and ${t.cashback} >= 0 and ${t.cashbackEarned} >= 0`,
    ),
  ],
);

export interface OrderLineModificationJson {
  id: string;
  groupId: string;
  name: LocalizedText;
  count: number;
  price: number;
}

/** A line of an order: the product's name, picture and prices as they were when it was ordered. */
export const orderLines = pgTable(
  'order_lines',
  {
    merchantId: merchantId(),
    orderId: uuid().notNull(),
    /** Its place in the order, from 0. */
    position: integer().notNull(),
    productId: uuid().notNull(),
    name: localized(),
    image: text().notNull().default(''),
    count: integer().notNull(),
    /** The product's stock was counted and taken down by this line: a cancel gives it back. */
    stockTaken: boolean().notNull().default(false),
    unitPrice: integer().notNull(),
    modifications: jsonb().$type<OrderLineModificationJson[]>().notNull().default([]),
    gross: integer().notNull(),
    discount: integer().notNull(),
    net: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.orderId, t.position] }),
    sameMerchant('order_lines_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    sameMerchant('order_lines_product_fk', t.merchantId, t.productId, products),
    check('order_lines_amounts_check', sql`${t.count} > 0 and ${t.unitPrice} >= 0 and ${t.gross} >= 0 and ${t.discount} >= 0 and ${t.net} >= 0`),
  ],
);

/** Every status an order took: from, to, who, why, a comment and when. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid().notNull(),
    /** Null for the status an order was placed in. */
    fromStatus: enumText(ORDER_STATUSES),
    toStatus: enumText(ORDER_STATUSES).notNull(),
    role: enumText(ORDER_ROLES).notNull(),
    reason: enumText(ORDER_CHANGE_REASONS).notNull(),
    comment: text().notNull().default(''),
    /** The staff member who made the move, when one did. */
    staffId: uuid(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    tenantKey(t),
    index('order_status_history_order_idx').on(t.merchantId, t.orderId, t.at),
    sameMerchant('order_status_history_staff_fk', t.merchantId, t.staffId, staff),
    sameMerchant('order_status_history_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    oneOf('order_status_history_from_status_check', t.fromStatus, ORDER_STATUSES),
    oneOf('order_status_history_to_status_check', t.toStatus, ORDER_STATUSES),
    oneOf('order_status_history_role_check', t.role, ORDER_ROLES),
    oneOf('order_status_history_reason_check', t.reason, ORDER_CHANGE_REASONS),
  ],
);

/**
 * The cashback ledger: a customer's balance is the sum of their entries (users.cashback holds that sum,
 * changed in the same statement as each entry is written, and never below zero).
 */
export const cashbackEntries = pgTable(
  'cashback_entries',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    orderId: uuid(),
    kind: enumText(CASHBACK_ENTRY_KINDS).notNull(),
    /** Signed: spent is negative. */
    amount: integer().notNull(),
    /** The balance once this entry is counted. */
    balanceAfter: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index('cashback_entries_user_idx').on(t.merchantId, t.userId, t.createdAt),
    sameMerchant('cashback_entries_user_fk', t.merchantId, t.userId, users),
    sameMerchant('cashback_entries_order_fk', t.merchantId, t.orderId, orders),
    oneOf('cashback_entries_kind_check', t.kind, CASHBACK_ENTRY_KINDS),
    check('cashback_entries_amount_check', sql`${t.amount} <> 0 and ${t.balanceAfter} >= 0`),
  ],
);

/** A promo code used by an order; removed again when the order is cancelled. */
export const promoUses = pgTable(
  'promo_uses',
  {
    id: id(),
    merchantId: merchantId(),
    promoId: uuid().notNull(),
    orderId: uuid().notNull(),
    userId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('promo_uses_order_key').on(t.merchantId, t.orderId),
    index('promo_uses_promo_idx').on(t.merchantId, t.promoId, t.userId),
    sameMerchant('promo_uses_promo_fk', t.merchantId, t.promoId, promos),
    sameMerchant('promo_uses_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    sameMerchant('promo_uses_user_fk', t.merchantId, t.userId, users),
  ],
);

/** An order request's Idempotency-Key: the same key and body within 24 h answer the order it placed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: merchantId(),
    userId: uuid().notNull(),
    key: text().notNull(),
    /** SHA-256 of the request (its path and canonical body). */
    bodyHash: text().notNull(),
    orderId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.userId, t.key] }),
    sameMerchant('idempotency_keys_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    sameMerchant('idempotency_keys_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
  ],
);

// ── Payments, the merchant side (issue 14; docs/decisions/009-payments-merchant-side.md) ────────────────────

export type { PaymentProvider } from '@dasturxon/domain';
/** A Payme transaction's states: created, performed, cancelled before perform, cancelled after perform (protocols.md 1.3). */
export const PAYME_STATES = [1, 2, -1, -2] as const;
export type PaymeState = (typeof PAYME_STATES)[number];
/** Payme's cancel reasons (protocols.md 1.3). */
export const PAYME_REASONS = [1, 2, 3, 4, 5, 10] as const;
export type PaymeReason = (typeof PAYME_REASONS)[number];
export const CLICK_STATES = ['PREPARED', 'COMPLETED', 'CANCELLED'] as const;
export type ClickState = (typeof CLICK_STATES)[number];
/** FAILED: Uzum confirmed a transaction whose order could no longer be paid (cancelled meanwhile); /status answers it. */
export const UZUM_STATES = ['CREATED', 'CONFIRMED', 'REVERSED', 'FAILED'] as const;
export type UzumState = (typeof UZUM_STATES)[number];

/** Milliseconds since the epoch, as the providers count time. */
const ms = () => bigint({ mode: 'number' });

/**
 * A brand's account at a provider: its credentials sealed (AES-256-GCM under PAYMENT_SECRETS_KEY, bound to the
 * brand and provider: packages/db/src/payment-accounts.ts), and a keyed digest of what identifies a caller (Payme's
 * active key, Click's service id, Uzum's login and password), so a call that names no order finds its brand
 * without any credential kept in the clear. Never selected by a public call.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    merchantId: merchantId(),
    provider: enumText(PAYMENT_PROVIDERS).notNull(),
    credentials: text().notNull(),
    lookup: text().notNull(),
    isActive: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.provider] }),
    index('payment_accounts_lookup_idx').on(t.provider, t.lookup),
    oneOf('payment_accounts_provider_check', t.provider, PAYMENT_PROVIDERS),
  ],
);

/** Payme's transactions (protocols.md 1): one row per Payme id and brand; times in ms as Payme counts them. */
export const paymeTransactions = pgTable(
  'payme_transactions',
  {
    /** Our id: the `transaction` Payme is answered with. */
    id: id(),
    merchantId: merchantId(),
    paymeId: text().notNull(),
    orderId: uuid().notNull(),
    /** In tiyin. */
    amount: bigint({ mode: 'number' }).notNull(),
    state: smallint().$type<PaymeState>().notNull(),
    reason: smallint().$type<PaymeReason>(),
    /** Payme's own `time` of the transaction (GetStatement selects by it). */
    paymeTime: ms().notNull(),
    createTime: ms().notNull(),
    performTime: ms(),
    cancelTime: ms(),
    /** SetFiscalData's receipts, by type (PERFORM, CANCEL). */
    fiscalData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('payme_transactions_payme_id_key').on(t.merchantId, t.paymeId),
    // One-time account: at most one created or performed transaction per order.
    uniqueIndex('payme_transactions_live_order_key').on(t.merchantId, t.orderId).where(sql`${t.state} in (1, 2)`),
    // A call naming only Payme's id finds its brand.
    index('payme_transactions_payme_id_idx').on(t.paymeId),
    index('payme_transactions_time_idx').on(t.merchantId, t.paymeTime),
    sameMerchant('payme_transactions_order_fk', t.merchantId, t.orderId, orders),
    check('payme_transactions_state_check', sql`${t.state} in (${sql.raw(PAYME_STATES.join(', '))})`),
    check('payme_transactions_reason_check', sql`${t.reason} in (${sql.raw(PAYME_REASONS.join(', '))})`),
    check('payme_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Click's payments (protocols.md 2): Prepare writes a row, Complete completes or cancels it; our id is merchant_prepare_id. */
export const clickTransactions = pgTable(
  'click_transactions',
  {
    merchantId: merchantId(),
    /** merchant_prepare_id (and merchant_confirm_id). */
    id: integer().generatedAlwaysAsIdentity(),
    /** Click's ids, kept as the digits they were sent as. */
    clickTransId: text().notNull(),
    clickPaydocId: text().notNull(),
    orderId: uuid().notNull(),
    /** In tiyin. */
    amount: bigint({ mode: 'number' }).notNull(),
    state: enumText(CLICK_STATES).notNull(),
    /** The `error` Click sent with a Complete that cancelled it. */
    clickError: integer(),
    preparedAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('click_transactions_click_trans_id_key').on(t.merchantId, t.clickTransId),
    // An order is paid once: at most one completed payment per order.
    uniqueIndex('click_transactions_completed_order_key').on(t.merchantId, t.orderId).where(sql`${t.state} = 'COMPLETED'`),
    sameMerchant('click_transactions_order_fk', t.merchantId, t.orderId, orders),
    oneOf('click_transactions_state_check', t.state, CLICK_STATES),
    check('click_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Uzum's transactions (protocols.md 3); times in ms. */
export const uzumTransactions = pgTable(
  'uzum_transactions',
  {
    id: id(),
    merchantId: merchantId(),
    transId: text().notNull(),
    orderId: uuid().notNull(),
    /** In tiyin. */
    amount: bigint({ mode: 'number' }).notNull(),
    state: enumText(UZUM_STATES).notNull(),
    transTime: ms().notNull(),
    confirmTime: ms(),
    reverseTime: ms(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('uzum_transactions_trans_id_key').on(t.merchantId, t.transId),
    // An order is paid once: at most one confirmed transaction per order.
    uniqueIndex('uzum_transactions_confirmed_order_key').on(t.merchantId, t.orderId).where(sql`${t.state} = 'CONFIRMED'`),
    // A call naming only Uzum's transId finds its brand.
    index('uzum_transactions_trans_id_idx').on(t.transId),
    sameMerchant('uzum_transactions_order_fk', t.merchantId, t.orderId, orders),
    oneOf('uzum_transactions_state_check', t.state, UZUM_STATES),
    check('uzum_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

// ── Saved cards (issue 14; docs/decisions/009-payments-merchant-side.md, "Saved cards") ──────────────────────

/** The providers a card is saved at: Click's card tokens (protocols.md 2.8). */
export const SAVED_CARD_PROVIDERS = ['CLICK'] as const satisfies readonly (typeof PAYMENT_PROVIDERS)[number][];
export type SavedCardProvider = (typeof SAVED_CARD_PROVIDERS)[number];
/** PENDING: Click sent the SMS code; VERIFIED: the code came back right, the card is listed and can pay. */
export const SAVED_CARD_STATES = ['PENDING', 'VERIFIED'] as const;
export type SavedCardState = (typeof SAVED_CARD_STATES)[number];
/**
 * A payment with a saved card: PENDING while Click is asked (or when its answer was lost), PAID, FAILED (Click
 * declined it), REFUNDED (Click took the money for an order that could no longer be paid, and gave it back), and
 * REFUND_FAILED (that reversal failed: an operator must settle it with Click).
 */
export const CARD_PAYMENT_STATES = ['PENDING', 'PAID', 'FAILED', 'REFUNDED', 'REFUND_FAILED'] as const;
export type CardPaymentState = (typeof CARD_PAYMENT_STATES)[number];

/**
 * A customer's card saved at the brand's Click account: Click's token sealed (AES-256-GCM under
 * PAYMENT_SECRETS_KEY, bound to the brand and the card's id), what is shown of the number, and the expiry. The card
 * number and CVV are never stored. A deleted card keeps its row (its payments name it) without its token.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    provider: enumText(SAVED_CARD_PROVIDERS).notNull(),
    /** The provider's card token, sealed; empty once the card is deleted. */
    token: text().notNull(),
    /** `8600 **** **** 1234`: the first four (the scheme, for the icon) and the last four digits. */
    maskedNumber: text().notNull(),
    /** `MM/YY`. */
    expiry: text().notNull(),
    state: enumText(SAVED_CARD_STATES).notNull().default('PENDING'),
    /** Wrong SMS codes sent for a pending card; at the limit the card is dropped. */
    wrongCodes: smallint().notNull().default(0),
    createdAt: createdAt(),
    verifiedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    index('saved_cards_user_idx').on(t.merchantId, t.userId, t.createdAt),
    sameMerchant('saved_cards_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    oneOf('saved_cards_provider_check', t.provider, SAVED_CARD_PROVIDERS),
    oneOf('saved_cards_state_check', t.state, SAVED_CARD_STATES),
  ],
);

/**
 * Orders paid with a saved card (Click's card_token/payment): one row per attempt. At most one attempt of an order
 * is PENDING or PAID, so two taps on "pay" never ask Click twice. A PAID attempt also has its COMPLETED row in
 * `click_transactions` (click_trans_id = Click's payment_id), so Click's SHOP API cannot pay the order again.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: id(),
    merchantId: merchantId(),
    orderId: uuid().notNull(),
    cardId: uuid().notNull(),
    userId: uuid().notNull(),
    /** In tiyin, as the other ledgers (Click is sent the sums). */
    amount: bigint({ mode: 'number' }).notNull(),
    state: enumText(CARD_PAYMENT_STATES).notNull(),
    /** Click's payment_id, once Click answered with one. */
    clickPaymentId: text(),
    /** Click's payment_status (2 success, 0/1 under way, < 0 failed) and error_code as last answered. */
    paymentStatus: integer(),
    clickError: integer(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('card_payments_live_order_key').on(t.merchantId, t.orderId).where(sql`${t.state} in ('PENDING', 'PAID')`),
    sameMerchant('card_payments_order_fk', t.merchantId, t.orderId, orders),
    sameMerchant('card_payments_card_fk', t.merchantId, t.cardId, savedCards),
    oneOf('card_payments_state_check', t.state, CARD_PAYMENT_STATES),
    check('card_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

// ── Operations: staff, live events, couriers, notifications (issue 15; docs/decisions/010-operations.md) ──────

/** A brand's staff member: logs in to the console by phone and password; works at some branches in one role. */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    merchantId: merchantId(),
    /** E.164. */
    phone: text().notNull(),
    name: text().notNull().default(''),
    role: enumText(STAFF_ROLES).notNull(),
    /** scrypt, as `scrypt$N$r$p$salt$hash` (base64url). */
    passwordHash: text().notNull(),
    /** The branches the member works at; an admin with none works at every branch. */
    branchIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), uniqueIndex('staff_merchant_phone_key').on(t.merchantId, t.phone), oneOf('staff_role_check', t.role, STAFF_ROLES)],
);

/** A staff member's session: separate from customers' (a customer token is never a staff token). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    merchantId: merchantId(),
    staffId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('staff_sessions_token_key').on(t.merchantId, t.tokenHash),
    sameMerchant('staff_sessions_staff_fk', t.merchantId, t.staffId, staff).onDelete('cascade'),
  ],
);

/**
 * A failed staff login: the number tried, the client address (in domain `clientNetwork`'s spelling, so a network is a
 * prefix of it) and when; counted per number from an address, per network and per number, kept 24 h (decision 010).
 */
export const staffLoginFailures = pgTable(
  'staff_login_failures',
  {
    id: id(),
    merchantId: merchantId(),
    phone: text().notNull(),
    clientIp: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [tenantKey(t), index('staff_login_failures_phone_idx').on(t.merchantId, t.phone, t.at)],
);

/**
 * What happened to orders, in order: each brand's events are numbered 1, 2, 3… by the transaction that moved the
 * order (under a per-brand lock held to its commit, so numbers are committed in order), which makes the number a
 * safe Last-Event-ID. The same transaction NOTIFYs the row to every instance. Kept a day.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    merchantId: merchantId(),
    id: bigint({ mode: 'number' }).notNull(),
    orderId: uuid().notNull(),
    type: text().$type<'order' | 'position'>().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('order_events_order_idx').on(t.merchantId, t.orderId, t.id),
    index('order_events_at_idx').on(t.at),
    check('order_events_type_check', sql`${t.type} in ('order', 'position')`),
  ],
);

/** Where each courier was last seen (their phone sends it every few seconds while on the way). */
export const courierPositions = pgTable(
  'courier_positions',
  {
    merchantId: merchantId(),
    courierId: uuid().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    heading: doublePrecision(),
    accuracy: doublePrecision(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.courierId] }),
    sameMerchant('courier_positions_courier_fk', t.merchantId, t.courierId, staff).onDelete('cascade'),
  ],
);

/** A modification switched off at a branch (the stop-list); no row means available there. */
export const modificationBranches = pgTable(
  'modification_branches',
  {
    merchantId: merchantId(),
    modificationId: uuid().notNull(),
    branchId: uuid().notNull(),
    isActive: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.modificationId, t.branchId] }),
    sameMerchant('modification_branches_modification_fk', t.merchantId, t.modificationId, modifications).onDelete('cascade'),
    sameMerchant('modification_branches_branch_fk', t.merchantId, t.branchId, branches).onDelete('cascade'),
  ],
);

export const TELEGRAM_STATES = ['NONE', 'PENDING', 'SENT', 'FAILED'] as const;
export type TelegramState = (typeof TELEGRAM_STATES)[number];

/**
 * A message to a customer about their order (notificationsActive): the storefront's list, and the row the
 * Telegram sender works from (PENDING until the brand's bot delivered it), written in the move's transaction.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    orderId: uuid(),
    orderNumber: integer(),
    status: enumText(ORDER_STATUSES),
    telegramChatId: text(),
    telegramState: enumText(TELEGRAM_STATES).notNull().default('NONE'),
    telegramTries: smallint().notNull().default(0),
    /** When the message is next due (a retry's wait), or the lease of the instance sending it. */
    telegramAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    index('notifications_user_idx').on(t.merchantId, t.userId, t.createdAt),
    index('notifications_telegram_idx').on(t.createdAt).where(sql`${t.telegramState} = 'PENDING'`),
    sameMerchant('notifications_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    sameMerchant('notifications_order_fk', t.merchantId, t.orderId, orders).onDelete('cascade'),
    oneOf('notifications_status_check', t.status, ORDER_STATUSES),
    oneOf('notifications_telegram_state_check', t.telegramState, TELEGRAM_STATES),
  ],
);

export type StaffRecord = typeof staff.$inferSelect;
export type { CourierStatus };
