import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { CHANNEL_TYPES, CONTENT_LANGUAGES, GENDERS, OTP_PURPOSES, type AddressDetails, ADDRESS_TYPES } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, createdAt } from './columns.ts';
import { merchantId } from './merchants.ts';
import { cities } from './branches.ts';
import { products } from './catalogue.ts';

// Customers: accounts, their product grades, login codes, sessions and saved addresses.

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
    /** When the customer answered or skipped the name step after their first login; null: still to be asked (if nameless). */
    nameAskedAt: timestamp({ withTimezone: true }),
    /** The Telegram user this customer logged in as through the brand's Mini App or bot (issue 30); one per brand. */
    telegramUserId: text(),
    /** The language the customer chose in the brand's bot (`PUT /webbot/v1/users/logout/WITH_TOKEN`): uz, ru or eng. */
    botLanguage: text(),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('users_merchant_phone_key')
      .on(t.merchantId, t.phone)
      .where(sql`${t.phone} is not null`),
    uniqueIndex('users_merchant_telegram_key')
      .on(t.merchantId, t.telegramUserId)
      .where(sql`${t.telegramUserId} is not null`),
    oneOf('users_bot_language_check', t.botLanguage, CONTENT_LANGUAGES),
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

/**
 * A customer's favourite products of a brand (issue 31, spec section 7 `favourite`): one row per customer and product,
 * present while it is a favourite (clearing one deletes its row). Leaves with the product or the customer.
 */
export const favourites = pgTable(
  'favourites',
  {
    merchantId: merchantId(),
    userId: uuid().notNull(),
    productId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.userId, t.productId] }),
    index('favourites_product_idx').on(t.merchantId, t.productId),
    sameMerchant('favourites_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
    sameMerchant('favourites_product_fk', t.merchantId, t.productId, products).onDelete('cascade'),
  ],
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
    /** Where the session was opened: `TG` by the mini app's login (its orders are the bot channel's), else `WEB`. */
    channel: enumText(CHANNEL_TYPES).notNull().default('WEB'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('sessions_token_key').on(t.merchantId, t.tokenHash),
    oneOf('sessions_channel_check', t.channel, CHANNEL_TYPES),
    index('sessions_user_idx').on(t.merchantId, t.userId),
    sameMerchant('sessions_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
  ],
);

/** A customer's saved delivery address (docs/spec-index.md section 3, Address); only its owner sees it. */
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
