import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CATEGORY_VIEW_TYPES,
  DISCOUNT_TYPES,
  NAVIGATION_TYPES,
  PRODUCT_TYPES,
  SCROLL_TYPES,
  UNITS,
  type LocalizedText,
} from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, localized, version } from './columns.ts';
import { merchantId } from './merchants.ts';
import { branches } from './branches.ts';

// The menu: groups, categories, products, modifications, what a branch has stopped, and promo codes: what the quote's
// snapshot of a brand is read from (docs/decisions/014-quote-from-a-snapshot.md).

export const groups = pgTable(
  'groups',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
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
    version: version(),
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
    version: version(),
    categoryId: uuid().notNull(),
    name: localized(),
    description: localized(),
    image: text().notNull().default(''),
    gallery: jsonb().$type<string[]>().notNull().default([]),
    costPrice: integer().notNull(),
    /** The price shown struck through beside the price ("was"), for show only; null for none. Never what is charged. */
    oldPrice: integer(),
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
    version: version(),
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
    version: version(),
    productId: uuid().notNull(),
    groupId: uuid().notNull(),
    name: localized(),
    image: text().notNull().default(''),
    price: integer().notNull().default(0),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /** Chosen for the customer when the product opens (a required size's usual one); they may change it. */
    isDefault: boolean().notNull().default(false),
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

export const promos = pgTable(
  'promos',
  {
    id: id(),
    merchantId: merchantId(),
    version: version(),
    code: text().notNull(),
    discountType: enumText(DISCOUNT_TYPES).notNull(),
    productDiscount: integer().notNull().default(0),
    deliveryDiscount: integer().notNull().default(0),
    minPrice: integer().notNull().default(0),
    /** Orders one customer may place with the code; null for no limit (counted from promo_uses). */
    perCustomerLimit: integer(),
    /** Orders everyone together may place with the code; null for no limit. */
    totalLimit: integer(),
    startDate: timestamp({ withTimezone: true }),
    endDate: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    /** Listed for the brand's customers on the promo codes page (issue 31); a code not listed still works when typed. */
    isPublic: boolean().notNull().default(false),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex('promos_merchant_code_key').on(t.merchantId, sql`lower(${t.code})`),
    oneOf('promos_discount_type_check', t.discountType, DISCOUNT_TYPES),
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
