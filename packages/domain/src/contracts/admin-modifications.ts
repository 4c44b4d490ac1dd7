import { z } from 'zod';
import { AdminName, PictureKey } from './admin-menu.ts';

/*
 * The back office's modification groups (issue 28, `/api/admin/v1/modification-groups`): a product's choices ("Size":
 * one of standard, large, XL; "Sauces": up to three) with the price of each option. A group is its product's own
 * (modification_groups.product_id); the console attaches a group to another product by copying it there.
 *
 * A write sends the group with ALL its live options, in their order: an option with its `id` keeps it (orders name
 * options by id), one without is new, and an option left out is archived (switched off, never deleted). The console
 * validates its editor with these same schemas before sending.
 */

const sum = z.number().int().min(0).max(100_000_000);
const order = z.number().int().min(-1_000_000).max(1_000_000);

export const ModificationOptionInput = z.object({
  /** An option of this group: kept (and brought back if archived); none: a new option. */
  id: z.uuid().optional(),
  name: AdminName,
  /** What one of it adds to the product's price, in so'm (the product's discount applies to it too). */
  price: sum,
  image: PictureKey.default(''),
  /** Chosen for the customer when the product opens (a required size's usual one); at most the group's max of them. */
  isDefault: z.boolean().default(false),
});
export type ModificationOptionInput = z.input<typeof ModificationOptionInput>;

const GroupFields = z.object({
  name: AdminName,
  /** The fewest options a customer must choose; 0: optional, 1 or more: required. */
  min: z.number().int().min(0).max(50).default(0),
  /** The most options a customer may choose (at most the number of options). */
  max: z.number().int().min(1).max(50).default(1),
  /** Its place among the product's groups; a new one goes last when not given. */
  priority: order.optional(),
  /** The live options, in the order the storefront shows them; the ones left out are archived. */
  options: z.array(ModificationOptionInput).min(1).max(100),
});

/** min ≤ max ≤ the number of options; an option id named once. */
function groupRules(g: { min: number; max: number; options: { id?: string | undefined; isDefault: boolean }[] }, ctx: z.RefinementCtx) {
  if (g.options.filter((o) => o.isDefault).length > g.max) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'more default options than max' });
  }
  if (g.min > g.max) ctx.addIssue({ code: 'custom', path: ['min'], message: 'min must not be above max' });
  if (g.max > g.options.length) {
    ctx.addIssue({ code: 'custom', path: ['max'], message: 'max must not be above the number of options' });
  }
  const seen = new Set<string>();
  g.options.forEach((o, i) => {
    if (!o.id) return;
    if (seen.has(o.id)) ctx.addIssue({ code: 'custom', path: ['options', i, 'id'], message: 'An option is named twice' });
    seen.add(o.id);
  });
}

export const ModificationGroupInput = GroupFields.extend({
  /** The product the group belongs to (of this brand). */
  productId: z.uuid(),
}).superRefine(groupRules);
export type ModificationGroupInput = z.input<typeof ModificationGroupInput>;

/** A change: the whole group as it should be, with the version read. */
export const ModificationGroupUpdate = GroupFields.extend({ version: z.number().int().min(1) }).superRefine(groupRules);
export type ModificationGroupUpdate = z.input<typeof ModificationGroupUpdate>;

export const AdminModificationOption = z.object({
  id: z.uuid(),
  name: z.record(z.string(), z.string()),
  price: z.number().int(),
  image: z.string(),
  priority: z.number().int(),
  /** Chosen for the customer when the product opens. */
  isDefault: z.boolean(),
  /** false: archived (left out of a write); orders that named it keep it. */
  active: z.boolean(),
  /** The branches whose staff switched it off for now (the board's stop-list). */
  stoppedAt: z.array(z.uuid()),
});
export type AdminModificationOption = z.infer<typeof AdminModificationOption>;

export const AdminModificationGroup = z.object({
  id: z.uuid(),
  version: z.number().int(),
  productId: z.uuid(),
  name: z.record(z.string(), z.string()),
  min: z.number().int(),
  max: z.number().int(),
  /** min ≥ 1: the customer must choose. */
  required: z.boolean(),
  priority: z.number().int(),
  /** Archived (DELETE): no live option left, nothing asked of the customer; a write with options brings it back. */
  archived: z.boolean(),
  /** The live options in their order, then the archived ones. */
  options: z.array(AdminModificationOption),
});
export type AdminModificationGroup = z.infer<typeof AdminModificationGroup>;

export const ModificationGroupQuery = z.object({
  /** Only this product's groups. */
  productId: z.uuid().optional(),
  /** Archived groups too (default: only the live ones). */
  archived: z.stringbool().default(false),
});
