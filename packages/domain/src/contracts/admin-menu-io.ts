import { z } from 'zod';
import { MENU_SOURCES, UNITS } from '../enums.ts';
import { LocalizedText } from './languages.ts';

/*
 * The menu as one document (issue 28): what GET /api/admin/v1/menu/export answers and POST /api/admin/v1/menu/import
 * reads. Written for people and other systems too: every object may carry its `id` (an export always does; an import
 * updates the brand's object with that id) or, when new, a `ref` of the writer's choosing that its children name
 * instead. A field left out of an object is left as it is on update (and takes its default on create).
 */

export const MENU_DOCUMENT_FORMAT = 'dasturxon-menu/1';

const Id = z.uuid().describe("The object's id in this brand: the import updates that object");
const Ref = z.string().min(1).max(100).describe('A name of your choosing for a new object (no id yet), for its children to name');
/** A parent named by its id or by the `ref` of a new object in the same document. */
const Key = z.string().min(1).max(100);
const Image = z.string().max(500).describe('An image key from POST /api/admin/v1/media, or an address');
const Priority = z.int().min(-1_000_000).max(1_000_000).describe('Order: smaller first');

export const MenuDocGroup = z.strictObject({
  id: Id.optional(),
  ref: Ref.optional(),
  name: LocalizedText,
  icon: z.string().max(500).optional(),
  image: Image.optional(),
  priority: Priority.optional(),
});

export const MenuDocCategory = z.strictObject({
  id: Id.optional(),
  ref: Ref.optional(),
  group: Key.nullable().optional().describe('The group: its id or ref; null for none'),
  name: LocalizedText,
  image: Image.optional(),
  priority: Priority.optional(),
  active: z.boolean().optional(),
});

export const MenuDocOption = z.strictObject({
  id: Id.optional(),
  name: LocalizedText,
  price: z.int().min(0).max(100_000_000).optional(),
  image: Image.optional(),
  priority: Priority.optional(),
  active: z.boolean().optional(),
  isDefault: z.boolean().optional().describe("Chosen for the customer when the product opens (a size's usual one)"),
});

export const MenuDocModificationGroup = z.strictObject({
  id: Id.optional(),
  name: LocalizedText,
  min: z.int().min(0).max(100).optional(),
  max: z.int().min(0).max(100).optional(),
  priority: Priority.optional(),
  options: z.array(MenuDocOption).max(200).optional(),
});

export const MenuDocProduct = z.strictObject({
  id: Id.optional(),
  ref: Ref.optional(),
  category: Key.describe('The category: its id or ref'),
  name: LocalizedText,
  description: LocalizedText.optional(),
  price: z.int().min(0).max(100_000_000).describe('In sum, what is charged'),
  oldPrice: z.int().min(0).max(100_000_000).nullable().optional().describe('Shown struck through; null for none'),
  discount: z.int().min(0).max(100).optional().describe('Percent of the price'),
  mxicCode: z.string().max(40).nullable().optional().describe('The IKPU (MXIK) code'),
  packageCode: z.string().max(40).nullable().optional(),
  unit: z.enum(UNITS).optional(),
  measure: z.number().min(0).max(1_000_000).nullable().optional().describe('Weight or volume in the unit'),
  tags: z.array(z.string().max(50)).max(50).optional(),
  priority: Priority.optional(),
  systems: z.array(z.enum(MENU_SOURCES)).optional().describe('Channels the product is shown in'),
  stock: z.int().min(0).nullable().optional().describe('Stock left; null for not counted'),
  image: Image.optional(),
  gallery: z.array(Image).max(20).optional(),
  active: z.boolean().optional(),
  modificationGroups: z.array(MenuDocModificationGroup).max(50).optional(),
  availability: z
    .record(z.uuid(), z.boolean())
    .optional()
    .describe('Per branch id: available there or not; a branch not named is available. Given, it replaces all of them'),
});

export const MenuDocument = z.strictObject({
  format: z.literal(MENU_DOCUMENT_FORMAT),
  groups: z.array(MenuDocGroup).max(1000).default([]),
  categories: z.array(MenuDocCategory).max(5000).default([]),
  products: z.array(MenuDocProduct).max(20_000).default([]),
});
export type MenuDocument = z.infer<typeof MenuDocument>;
export type MenuDocInput = z.input<typeof MenuDocument>;

export const MenuImportQuery = z.object({
  dryRun: z.stringbool().default(false).describe('true: answer the changes, write nothing'),
  mode: z
    .enum(['merge', 'replace'])
    .default('merge')
    .describe(
      'merge: what the document does not name is left as it is; replace: products and categories it does not name are archived (active = false)',
    ),
  format: z.enum(['json', 'csv']).optional().describe('The body: JSON document (default) or CSV of products (also Content-Type: text/csv)'),
});
export type MenuImportQuery = z.infer<typeof MenuImportQuery>;

export const MENU_IO_OBJECTS = ['group', 'category', 'product', 'modification-group', 'modification', 'availability'] as const;

export const MenuFieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const MenuChange = z.object({
  action: z.enum(['create', 'update', 'archive']),
  objectType: z.enum(MENU_IO_OBJECTS),
  /** The object's id (a new object's id is made when it is applied: null in a dry run). */
  id: z.string().nullable(),
  ref: z.string().optional(),
  /** Where it is in the document (`products.3`), or the CSV line (`line 4`). */
  path: z.string(),
  name: z.string(),
  fields: z.array(MenuFieldChange),
});
export type MenuChange = z.infer<typeof MenuChange>;

export const MenuImportResult = z.object({
  dryRun: z.boolean(),
  mode: z.enum(['merge', 'replace']),
  counts: z.object({ create: z.int(), update: z.int(), archive: z.int() }),
  changes: z.array(MenuChange),
});
export type MenuImportResult = z.infer<typeof MenuImportResult>;

/** The CSV of products: its columns (a header row names them, in any order; only `name_ru` or `id`, `price` and `category` are needed). */
export const MENU_CSV_COLUMNS = [
  'id',
  'category',
  'name_ru',
  'name_uz',
  'name_eng',
  'description_ru',
  'description_uz',
  'description_eng',
  'price',
  'old_price',
  'mxik',
  'package_code',
  'weight',
  'active',
] as const;
