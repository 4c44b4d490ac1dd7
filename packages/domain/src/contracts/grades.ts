import { z } from 'zod';
import { GRADE_COMMENT_MAX, GRADE_MAX, GRADE_MIN } from '../grades.ts';
import { MenuSource } from './enums.ts';

/*
 * Reviews and grades (issue 31; docs/storefront-features.md, "Reviews and grades"): the customer's grade of an order,
 * a product's comments on the storefront, and the console's list of grades with hiding.
 */

export const GradeValue = z.number().int().min(GRADE_MIN).max(GRADE_MAX);
export const GradeOrderParams = z.object({ id: z.uuid() });

export const OrderGradeRequest = z.object({
  grade: GradeValue,
  comment: z.string().max(GRADE_COMMENT_MAX).nullable().optional(),
  products: z
    .array(z.object({ productId: z.uuid(), grade: GradeValue }))
    .max(100)
    .optional(),
});
export type OrderGradeRequest = z.infer<typeof OrderGradeRequest>;

export const OrderGrade = z.object({
  orderId: z.uuid(),
  canGrade: z.boolean(),
  grade: z.number().int().nullable(),
  comment: z.string().nullable(),
  products: z.array(z.object({ productId: z.uuid(), grade: z.number().int() })),
  createdAt: z.string().nullable(),
  changeableUntil: z.string().nullable(),
});
export type OrderGrade = z.infer<typeof OrderGrade>;

/** `GET /products/v1/grade`: the products of one source's menu (type, default WEB). */
export const ProductGradesQuery = z.object({ type: MenuSource.default('WEB') });

export const ProductCommentsQuery = z.object({ page: z.coerce.number().int().min(0).max(1000).default(0) });

/** One customer's comment on a product, as the product page shows it: the first name only. */
export const ProductComment = z.object({
  id: z.uuid(),
  grade: z.number().int(),
  comment: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type ProductComment = z.infer<typeof ProductComment>;

export const ProductComments = z.object({
  items: z.array(ProductComment),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type ProductComments = z.infer<typeof ProductComments>;

/** A grade as the console lists it (issue 31), newest first. */
export const StaffGrade = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  branchId: z.uuid(),
  branchName: z.record(z.string(), z.string()),
  grade: z.number().int(),
  comment: z.string().nullable(),
  products: z.array(z.object({ productId: z.uuid(), name: z.record(z.string(), z.string()), grade: z.number().int() })),
  customerName: z.string(),
  createdAt: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenBy: z.string().nullable(),
});
export type StaffGrade = z.infer<typeof StaffGrade>;

export const StaffGradesQuery = z.object({
  branchId: z.uuid().optional(),
  page: z.coerce.number().int().min(0).max(1000).default(0),
});

export const StaffGrades = z.object({ items: z.array(StaffGrade), page: z.number().int(), hasMore: z.boolean() });
export type StaffGrades = z.infer<typeof StaffGrades>;

export const GradeHideRequest = z.object({ hidden: z.boolean() });
