import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  BASKET_POSITIONS,
  CATEGORY_VIEWS,
  CONTENT_LANGUAGES,
  DEFAULT_MAIN_COLOR,
  DEFAULT_MERCHANT_LOCATION,
  DEFAULT_SMS_COUNTRIES,
  GROUP_VIEWS,
  MAP_TYPES,
  MODIFICATION_VIEW_TYPES,
  CURRENCIES,
  PHONE_COUNTRIES,
  SETTINGS_FLAG_DEFAULTS,
  SETTINGS_FLAGS,
  SETTINGS_TEXT_FIELDS,
  SETTINGS_CHANNELS,
  SMS_GATEWAYS,
  THEME_TYPES,
  type PhoneCountryCode,
  type SettingsFlag,
  type SettingsTextField,
} from '@dasturxon/domain';
import { id, tenantKey, oneOf, enumText, localized, createdAt, literal, version } from './columns.ts';

// Merchants (brands as tenants), their secrets, web and click-app settings, and the hosts that lead to them.

/** The merchant a tenant table's row belongs to (docs/decisions/007; columns.ts). */
export const merchantId = () =>
  uuid()
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });

export const merchants = pgTable(
  'merchants',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    version: version(),
    logo: text().notNull().default(''),
    color: text().notNull().default(DEFAULT_MAIN_COLOR),
    sub: text().notNull().unique(),
    isActive: boolean().notNull().default(true),
    latitude: doublePrecision().notNull().default(DEFAULT_MERCHANT_LOCATION.latitude),
    longitude: doublePrecision().notNull().default(DEFAULT_MERCHANT_LOCATION.longitude),
    mainCityId: uuid(),
    smsGateway: enumText(SMS_GATEWAYS).notNull().default('OUTBOX'),
    /** ISO codes of the countries whose numbers may ask for a code (`PHONE_COUNTRIES`); the first is the example in messages. */
    smsCountries: text()
      .array()
      .$type<PhoneCountryCode[]>()
      .notNull()
      .default([...DEFAULT_SMS_COUNTRIES]),
    /** Codes sent an hour and a day at most; null is the deployment's SMS_BUDGET_PER_HOUR / SMS_BUDGET_PER_DAY. */
    smsBudgetPerHour: integer(),
    smsBudgetPerDay: integer(),
    /** The brand's Telegram bot (issue 30): its numeric id (Ed25519 checks of third-party init data) and username. */
    telegramBotId: text(),
    telegramBotUsername: text(),
    /**
     * The company the brand belongs to (issue 31): brands sharing one id are sister brands, listed to each other by
     * multi-tab navigation (`GET /merchants/v1/brands`); null for a brand on its own. A group key, no table of its own.
     */
    companyId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchants_company_id_idx').on(t.companyId),
    oneOf('merchants_sms_gateway_check', t.smsGateway, SMS_GATEWAYS),
    check(
      'merchants_sms_countries_check',
      sql`${t.smsCountries} <@ array[${sql.raw(PHONE_COUNTRIES.map((c) => literal(c.iso)).join(', '))}]::text[]`,
    ),
  ],
);

/** What a merchant keeps secret: never selected by a public call. */
export const merchantSecrets = pgTable('merchant_secrets', {
  merchantId: uuid()
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  smsCredentials: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  posKeys: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  paymentKeys: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  yandexMapKey: text().notNull().default(''),
  yandexDeliveryKey: text().notNull().default(''),
  appId: text().notNull().default(''),
  /** The brand's Telegram bot token, sealed like the payment accounts (AES-256-GCM under PAYMENT_SECRETS_KEY). */
  telegramBotToken: text(),
  /** The secret Telegram sends in X-Telegram-Bot-Api-Secret-Token to the brand's webhook, sealed like the token. */
  telegramWebhookSecret: text(),
  /**
   * The brand's own geocoder key (a Nominatim-compatible keyed service, GEOCODER_KEYED_URL), sealed like the bot token;
   * when set, the address pickers of its customers ask that service first instead of the public server.
   */
  geocoderKey: text(),
});

const flagColumn = (d: boolean) => boolean().notNull().default(d);
const textColumn = () => text().notNull().default('');
const flagColumns = Object.fromEntries(SETTINGS_FLAGS.map((f) => [f, flagColumn(SETTINGS_FLAG_DEFAULTS[f])])) as {
  [K in SettingsFlag]: ReturnType<typeof flagColumn>;
};
const textColumns = Object.fromEntries(SETTINGS_TEXT_FIELDS.map((f) => [f, textColumn()])) as {
  [K in SettingsTextField]: ReturnType<typeof textColumn>;
};

/** Web and click-app settings (docs/spec-index.md section 3); the defaults are the domain's. */
export const merchantSettings = pgTable(
  'merchant_settings',
  {
    merchantId: merchantId(),
    version: version(),
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
    /** What the brand prices in (domain CURRENCIES): UZS, or KZT for a brand priced in tenge. */
    currency: enumText(CURRENCIES).notNull().default('UZS'),
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
    oneOf('merchant_settings_currency_check', t.currency, CURRENCIES),
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
