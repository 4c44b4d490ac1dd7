import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
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
  DEFAULT_MAIN_COLOR,
  DEFAULT_MERCHANT_LOCATION,
  DEFAULT_SMS_COUNTRIES,
  DEFAULT_TIME_ZONE,
  type DiscountType,
  SETTINGS_FLAG_DEFAULTS,
  SETTINGS_FLAGS,
  SETTINGS_TEXT_FIELDS,
  type LocalizedText,
  type PhoneCountryCode,
  type SettingsFlag,
  type SettingsTextField,
} from '@dasturxon/domain';

// Column names are the snake_case of the keys (the client and drizzle-kit use `casing: 'snake_case'`).
// Every tenant-owned table carries merchant_id, and it leads every unique index.

const id = () => uuid().primaryKey().defaultRandom();
const merchantId = () => uuid().notNull().references(() => merchants.id, { onDelete: 'cascade' });
const localized = () => jsonb().$type<LocalizedText>().notNull().default({});
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const merchants = pgTable('merchants', {
  id: id(),
  name: text().notNull(),
  logo: text().notNull().default(''),
  color: text().notNull().default(DEFAULT_MAIN_COLOR),
  sub: text().notNull().unique(),
  isActive: boolean().notNull().default(true),
  latitude: doublePrecision().notNull().default(DEFAULT_MERCHANT_LOCATION.latitude),
  longitude: doublePrecision().notNull().default(DEFAULT_MERCHANT_LOCATION.longitude),
  mainCityId: uuid(),
  smsGateway: text().notNull().default('OUTBOX'),
  /** ISO codes of the countries whose numbers may ask for a code (`PHONE_COUNTRIES`); the first is the example in messages. */
  smsCountries: text().array().$type<PhoneCountryCode[]>().notNull().default([...DEFAULT_SMS_COUNTRIES]),
  /** Codes sent an hour and a day at most; null is the deployment's SMS_BUDGET_PER_HOUR / SMS_BUDGET_PER_DAY. */
  smsBudgetPerHour: integer(),
  smsBudgetPerDay: integer(),
  createdAt: createdAt(),
});

/** What a merchant keeps secret: never selected by a public call. */
export const merchantSecrets = pgTable('merchant_secrets', {
  merchantId: uuid().primaryKey().references(() => merchants.id, { onDelete: 'cascade' }),
  smsCredentials: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  posKeys: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  paymentKeys: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  yandexMapKey: text().notNull().default(''),
  yandexDeliveryKey: text().notNull().default(''),
  appId: text().notNull().default(''),
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
    channel: text().notNull(),
    ...flagColumns,
    ...textColumns,
    mainColor: text().notNull().default(DEFAULT_MAIN_COLOR),
    mainLanguage: text().notNull().default('ru'),
    forcedLanguage: text(),
    yandexMetricsKeys: jsonb().$type<string[]>().notNull().default([]),
    contacts: jsonb().$type<string[]>().notNull().default([]),
    title: localized(),
    leftCopyWrite: localized(),
    rightCopyWrite: localized(),
    mapType: text().notNull().default('YANDEX'),
    mainColorType: text().notNull().default('DARK'),
    groupView: text().notNull().default('GROUP'),
    categoryView: text().notNull().default('ALL'),
    basketPosition: text().notNull().default('NAVIGATION_BAR'),
    modificationViewType: text().notNull().default('NAME_ONLY'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.channel] })],
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
  (t) => [uniqueIndex('brands_domain_url_key').on(t.domainUrl), index('brands_merchant_idx').on(t.merchantId)],
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
  (t) => [index('cities_merchant_idx').on(t.merchantId)],
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
    cityId: uuid()
      .notNull()
      .references(() => cities.id),
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
  },
  (t) => [index('branches_merchant_idx').on(t.merchantId, t.cityId)],
);

export const workHours = pgTable(
  'work_hours',
  {
    merchantId: merchantId(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    weekName: text().notNull(),
    open: text().notNull(),
    close: text().notNull(),
    extraOpen: text(),
    extraClose: text(),
    isDayOff: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.branchId, t.type, t.weekName] })],
);

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: id(),
    merchantId: merchantId(),
    cityId: uuid()
      .notNull()
      .references(() => cities.id),
    branchId: uuid().references(() => branches.id),
    name: text().notNull(),
    color: text().notNull().default('#3b82f6'),
    price: integer().notNull().default(0),
    /** A ring of [latitude, longitude] pairs. */
    polygon: jsonb().$type<[number, number][]>().notNull(),
  },
  (t) => [index('delivery_zones_merchant_idx').on(t.merchantId, t.cityId)],
);

export const companyPolicies = pgTable(
  'company_policies',
  {
    merchantId: merchantId(),
    type: text().notNull(),
    text: localized(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.type] })],
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
  (t) => [index('groups_merchant_idx').on(t.merchantId)],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    merchantId: merchantId(),
    groupId: uuid().references(() => groups.id),
    name: localized(),
    image: text().notNull().default(''),
    priority: integer().notNull().default(0),
    textColor: text().notNull().default(''),
    viewType: text().notNull().default('MEDIUM'),
    scrollType: text().notNull().default('VERTICAL'),
    navigationType: text().notNull().default('SHEET'),
    isWithoutCart: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
  },
  (t) => [index('categories_merchant_idx').on(t.merchantId)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    merchantId: merchantId(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id),
    name: localized(),
    description: localized(),
    image: text().notNull().default(''),
    gallery: jsonb().$type<string[]>().notNull().default([]),
    costPrice: integer().notNull(),
    /** Percent of the cost price, 0 to 100. */
    discount: integer().notNull().default(0),
    additionalPrice: integer().notNull().default(0),
    unit: text().notNull().default('COUNT'),
    type: text().notNull().default('NONE'),
    /** Stock left; null means not counted. */
    count: integer(),
    amount: doublePrecision(),
    calorie: integer(),
    measure: doublePrecision(),
    priority: integer().notNull().default(0),
    labels: jsonb().$type<LocalizedText[]>().notNull().default([]),
    tags: jsonb().$type<string[]>().notNull().default([]),
    barcode: text(),
    mxicCode: text(),
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
  (t) => [index('products_merchant_idx').on(t.merchantId, t.categoryId)],
);

export const modificationGroups = pgTable(
  'modification_groups',
  {
    id: id(),
    merchantId: merchantId(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: localized(),
    min: integer().notNull().default(0),
    max: integer().notNull().default(1),
    priority: integer().notNull().default(0),
  },
  (t) => [index('modification_groups_product_idx').on(t.merchantId, t.productId)],
);

export const modifications = pgTable(
  'modifications',
  {
    id: id(),
    merchantId: merchantId(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: uuid()
      .notNull()
      .references(() => modificationGroups.id, { onDelete: 'cascade' }),
    name: localized(),
    image: text().notNull().default(''),
    price: integer().notNull().default(0),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [index('modifications_product_idx').on(t.merchantId, t.productId)],
);

/** A product's availability at a branch; no row means available there. */
export const productBranches = pgTable(
  'product_branches',
  {
    merchantId: merchantId(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    isActive: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.productId, t.branchId] })],
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
  (t) => [index('banners_merchant_idx').on(t.merchantId)],
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
  (t) => [index('stories_merchant_idx').on(t.merchantId)],
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
    gender: text(),
    role: text().notNull().default('CLIENT'),
    cashback: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_merchant_phone_key').on(t.merchantId, t.phone).where(sql`${t.phone} is not null`)],
);

export const grades = pgTable(
  'grades',
  {
    merchantId: merchantId(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grade: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.productId, t.userId] })],
);

export const promos = pgTable(
  'promos',
  {
    id: id(),
    merchantId: merchantId(),
    code: text().notNull(),
    discountType: text().$type<DiscountType>().notNull(),
    productDiscount: integer().notNull().default(0),
    deliveryDiscount: integer().notNull().default(0),
    minPrice: integer().notNull().default(0),
    startDate: timestamp({ withTimezone: true }),
    endDate: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('promos_merchant_code_key').on(t.merchantId, sql`lower(${t.code})`)],
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
    purpose: text().notNull(),
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
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_user_idx').on(t.merchantId, t.userId)],
);
