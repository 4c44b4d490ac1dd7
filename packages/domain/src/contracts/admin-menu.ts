import { z } from 'zod';
import { CATEGORY_VIEW_TYPES, MENU_SOURCES, NAVIGATION_TYPES, SCROLL_TYPES, UNITS } from '../enums.ts';

/*
 * The back office's menu (issue 28, `/api/admin/v1/groups|categories|products`): what a form sends and what the API
 * answers. The console validates its forms with these same schemas before sending.
 */

const text = (max: number) => z.string().trim().max(max);
/** A name in the three content languages; at least one must be written. */
export const AdminName = z
  .object({ ru: text(200).optional(), uz: text(200).optional(), eng: text(200).optional() })
  .refine((n) => Boolean(n.ru || n.uz || n.eng), { message: 'Write the name in at least one language' });
export const AdminText = z.object({ ru: text(4000).optional(), uz: text(4000).optional(), eng: text(4000).optional() });
/** A picture's key (`POST /api/admin/v1/media` answers it) or an https address; empty for none. */
export const PictureKey = z
  .string()
  .max(512)
  .regex(/^$|^https:\/\/|^[\w][\w./-]*\.(webp|png|jpe?g|avif|gif|svg)$/i, 'A picture key or an https address');
const colour = z.string().regex(/^$|^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb');
const sum = z.number().int().min(0).max(1_000_000_000);
const order = z.number().int().min(-1_000_000).max(1_000_000);

export const GroupInput = z.object({
  name: AdminName,
  icon: PictureKey.default(''),
  image: PictureKey.default(''),
  bgColor: colour.default(''),
  iconBgColor: colour.default(''),
  /** Its place in its list; a new one goes last when not given. */
  priority: order.optional(),
});
export type GroupInput = z.input<typeof GroupInput>;
export const AdminGroup = z.object({
  id: z.uuid(),
  version: z.number().int(),
  name: z.record(z.string(), z.string()),
  icon: z.string(),
  image: z.string(),
  bgColor: z.string(),
  iconBgColor: z.string(),
  priority: z.number().int(),
});
export type AdminGroup = z.infer<typeof AdminGroup>;

export const CategoryInput = z.object({
  groupId: z.uuid().nullable().default(null),
  name: AdminName,
  image: PictureKey.default(''),
  /** Its place in its list; a new one goes last when not given. */
  priority: order.optional(),
  textColor: colour.default(''),
  viewType: z.enum(CATEGORY_VIEW_TYPES).default('MEDIUM'),
  scrollType: z.enum(SCROLL_TYPES).default('VERTICAL'),
  navigationType: z.enum(NAVIGATION_TYPES).default('SHEET'),
  active: z.boolean().default(true),
});
export type CategoryInput = z.input<typeof CategoryInput>;
export const AdminCategory = CategoryInput.extend({
  id: z.uuid(),
  version: z.number().int(),
  name: z.record(z.string(), z.string()),
  groupId: z.uuid().nullable(),
  image: z.string(),
  textColor: z.string(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

const ProductFields = z.object({
  categoryId: z.uuid(),
  name: AdminName,
  description: AdminText.default({}),
  image: PictureKey.default(''),
  gallery: z.array(PictureKey).max(10).default([]),
  /** What the customer pays before the product's own discount, in so'm. */
  price: sum,
  /** The struck-through "was" price, for show only (never charged); above `price` when set. */
  oldPrice: sum.nullable().default(null),
  /** The product's own discount, percent of its price. */
  discount: z.number().int().min(0).max(100).default(0),
  /** The IKPU (MXIK) code a fiscal receipt names: 17 digits. */
  mxicCode: z
    .string()
    .regex(/^\d{17}$/, 'An IKPU (MXIK) code of 17 digits')
    .nullable()
    .default(null),
  packageCode: z.string().trim().max(32).nullable().default(null),
  vatPercent: z.number().int().min(0).max(100).default(12),
  unit: z.enum(UNITS).default('COUNT'),
  /** The weight or volume in `unit` (grams, litres ...). */
  measure: z.number().min(0).max(1_000_000).nullable().default(null),
  tags: z.array(text(40)).max(20).default([]),
  /** Its place in its list; a new one goes last when not given. */
  priority: order.optional(),
  /** The channels the product is shown in. */
  systems: z
    .array(z.enum(MENU_SOURCES))
    .max(MENU_SOURCES.length)
    .default([...MENU_SOURCES]),
  /** Stock left; null when not counted. */
  count: z.number().int().min(0).max(1_000_000).nullable().default(null),
  active: z.boolean().default(true),
  isAvailable: z.boolean().default(true),
  deliveryEnabled: z.boolean().default(true),
});
const oldAbovePrice = (p: { price?: number | undefined; oldPrice?: number | null | undefined }) =>
  p.oldPrice === null || p.oldPrice === undefined || p.price === undefined || p.oldPrice > p.price;
const oldPriceIssue = { message: 'The old price must be above the price', path: ['oldPrice'] };

export const ProductInput = ProductFields.refine(oldAbovePrice, oldPriceIssue);
export type ProductInput = z.input<typeof ProductInput>;
/** An update: the fields to change and the version read. */
export const ProductUpdate = ProductFields.partial()
  .extend({ version: z.number().int().min(1) })
  .refine(oldAbovePrice, oldPriceIssue);
export const AdminProduct = ProductFields.extend({
  id: z.uuid(),
  version: z.number().int(),
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  image: z.string(),
  gallery: z.array(z.string()),
  tags: z.array(z.string()),
  systems: z.array(z.string()),
  mxicCode: z.string().nullable(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const MenuListQuery = z.object({
  categoryId: z.uuid().optional(),
  groupId: z.uuid().optional(),
});

/** The order of a list after a drag: every id of the list, first to last. */
export const ReorderRequest = z.object({ ids: z.array(z.uuid()).min(1).max(2000) });

/** A category's prices changed by a percent at once. */
export const BulkPriceRequest = z.object({
  percent: z.number().min(-90).max(500),
  /** Prices are rounded to a multiple of this many so'm. */
  roundTo: z.union([z.literal(1), z.literal(100), z.literal(500), z.literal(1000)]).default(100),
  dryRun: z.boolean().default(false),
});
export const BulkPriceAnswer = z.object({
  changes: z.array(z.object({ id: z.uuid(), name: z.record(z.string(), z.string()), before: z.number(), after: z.number() })),
  applied: z.boolean(),
});
export type BulkPriceAnswer = z.infer<typeof BulkPriceAnswer>;

export const AvailabilityView = z.object({
  branches: z.array(z.object({ branchId: z.uuid(), available: z.boolean() })),
});
export const AvailabilityRequest = z.object({
  branches: z
    .array(z.object({ branchId: z.uuid(), available: z.boolean() }))
    .min(1)
    .max(500),
});
