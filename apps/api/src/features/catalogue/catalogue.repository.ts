import { and, asc, eq, sql } from 'drizzle-orm';
import {
  branches,
  categories,
  grades,
  groups,
  modificationGroups,
  modifications,
  productBranches,
  modificationBranches,
  products,
  type Db,
} from '@dasturxon/db';
import type { MenuSource } from '@dasturxon/domain';

/** What the menu reads of a product: everything public, nothing the back office alone needs. */
const productColumns = {
  id: products.id,
  categoryId: products.categoryId,
  name: products.name,
  description: products.description,
  image: products.image,
  gallery: products.gallery,
  costPrice: products.costPrice,
  discount: products.discount,
  oldPrice: products.oldPrice,
  additionalPrice: products.additionalPrice,
  unit: products.unit,
  type: products.type,
  count: products.count,
  amount: products.amount,
  calorie: products.calorie,
  measure: products.measure,
  priority: products.priority,
  labels: products.labels,
  tags: products.tags,
  timeCookingMin: products.timeCookingMin,
  timeCookingMax: products.timeCookingMax,
  isAvailable: products.isAvailable,
  active: products.active,
  deliveryEnabled: products.deliveryEnabled,
  enabledEats: products.enabledEats,
  eatsPrice: products.eatsPrice,
  enabledExpress: products.enabledExpress,
  expressPrice: products.expressPrice,
  isCartRecommendation: products.isCartRecommendation,
  systems: products.systems,
};

const categoryColumns = {
  id: categories.id,
  groupId: categories.groupId,
  name: categories.name,
  image: categories.image,
  priority: categories.priority,
  textColor: categories.textColor,
  viewType: categories.viewType,
  scrollType: categories.scrollType,
  navigationType: categories.navigationType,
  isWithoutCart: categories.isWithoutCart,
  active: categories.active,
};

const groupColumns = {
  id: groups.id,
  name: groups.name,
  icon: groups.icon,
  image: groups.image,
  bgColor: groups.bgColor,
  iconBgColor: groups.iconBgColor,
  priority: groups.priority,
};

const modificationGroupColumns = {
  id: modificationGroups.id,
  productId: modificationGroups.productId,
  name: modificationGroups.name,
  min: modificationGroups.min,
  max: modificationGroups.max,
  priority: modificationGroups.priority,
};

const modificationColumns = {
  id: modifications.id,
  productId: modifications.productId,
  groupId: modifications.groupId,
  name: modifications.name,
  image: modifications.image,
  price: modifications.price,
  priority: modifications.priority,
  isDefault: modifications.isDefault,
  /** The branches whose staff switched it off (the stop-list): a branch's menu leaves it out. */
  stoppedAt: sql<string[]>`coalesce((select json_agg(mb.branch_id) from ${modificationBranches} mb
    where mb.merchant_id = modifications.merchant_id and mb.modification_id = modifications.id and not mb.is_active), '[]'::json)`,
};

const productBranchColumns = {
  productId: productBranches.productId,
  branchId: productBranches.branchId,
  isActive: productBranches.isActive,
};

/**
 * Catalogue reads. The menu is read with one query per table, each on the merchant's index, and
 * joined in memory: six queries however many products, never one per product.
 */
export function createCatalogueRepository(db: Db) {
  return {
    async menuRows(merchantId: string) {
      const [groupRows, categoryRows, productRows, groupOfModRows, modRows, branchRows] = await Promise.all([
        db.select(groupColumns).from(groups).where(eq(groups.merchantId, merchantId)),
        db
          .select(categoryColumns)
          .from(categories)
          .where(and(eq(categories.merchantId, merchantId), eq(categories.active, true))),
        db
          .select(productColumns)
          .from(products)
          .where(and(eq(products.merchantId, merchantId), eq(products.active, true))),
        db.select(modificationGroupColumns).from(modificationGroups).where(eq(modificationGroups.merchantId, merchantId)),
        db
          .select(modificationColumns)
          .from(modifications)
          .where(and(eq(modifications.merchantId, merchantId), eq(modifications.active, true))),
        db.select(productBranchColumns).from(productBranches).where(eq(productBranches.merchantId, merchantId)),
      ]);
      return {
        groups: groupRows,
        categories: categoryRows,
        products: productRows,
        modificationGroups: groupOfModRows,
        modifications: modRows,
        productBranches: branchRows,
      };
    },

    /**
     * A cheap fingerprint of what changes a menu most often: products added, edited (updated_at),
     * switched off, sold out (stock and isAvailable are often changed without touching updated_at)
     * and branch exceptions. Edits elsewhere (a category renamed) show when the cached menu ages out.
     */
    async menuVersion(merchantId: string): Promise<string> {
      const [row] = await db
        .select({
          version: sql<string>`count(*) || ':' || coalesce(max(${products.updatedAt})::text, '') || ':' ||
            coalesce(sum(coalesce(${products.count}, -1)), 0) || ':' ||
            count(*) filter (where ${products.isAvailable}) || ':' || count(*) filter (where ${products.active}) || '|' ||
            (select count(*) || ':' || count(*) filter (where ${productBranches.isActive})
               from ${productBranches} where ${productBranches.merchantId} = ${merchantId}) || '|' ||
            (select count(*) || ':' || coalesce(max(${modificationBranches.updatedAt})::text, '')
               from ${modificationBranches} where ${modificationBranches.merchantId} = ${merchantId} and not ${modificationBranches.isActive}) || '|' ||
            (select coalesce(string_agg(${branches.deliveryPausedUntil}::text, ',' order by ${branches.id}), '')
               from ${branches} where ${branches.merchantId} = ${merchantId} and ${branches.deliveryPausedUntil} is not null)`,
        })
        .from(products)
        .where(eq(products.merchantId, merchantId));
      return String(row?.version ?? '');
    },

    /** One active product with its category (null when the category is switched off), its choices and its branch exceptions. */
    async productRows(merchantId: string, productId: string) {
      const [product] = await db
        .select({ ...productColumns, groupId: categories.groupId, categoryActive: categories.active })
        .from(products)
        .innerJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.merchantId, merchantId)))
        .where(and(eq(products.merchantId, merchantId), eq(products.id, productId), eq(products.active, true)))
        .limit(1);
      if (!product || !product.categoryActive) return null;
      const [groupOfModRows, modRows, branchRows] = await Promise.all([
        db
          .select(modificationGroupColumns)
          .from(modificationGroups)
          .where(and(eq(modificationGroups.merchantId, merchantId), eq(modificationGroups.productId, productId))),
        db
          .select(modificationColumns)
          .from(modifications)
          .where(and(eq(modifications.merchantId, merchantId), eq(modifications.productId, productId), eq(modifications.active, true))),
        db
          .select(productBranchColumns)
          .from(productBranches)
          .where(and(eq(productBranches.merchantId, merchantId), eq(productBranches.productId, productId))),
      ]);
      return { product, modificationGroups: groupOfModRows, modifications: modRows, productBranches: branchRows };
    },

    /** True when the branch is the merchant's and not deleted. */
    async branchExists(merchantId: string, branchId: string): Promise<boolean> {
      const rows = await db
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.merchantId, merchantId), eq(branches.id, branchId), eq(branches.deleted, false)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Average grade per active product listed in a source's menu (its `systems`), to one decimal, with the number of
     * grades. `grades` holds one row per customer and product, the latest: the order grades' product grades are written
     * there too (features/grades), so the old rows and the new ones read as one.
     */
    async grades(merchantId: string, source: MenuSource = 'WEB'): Promise<{ productId: string; grade: number; count: number }[]> {
      const rows = await db
        .select({
          productId: grades.productId,
          grade: sql<string>`round(avg(${grades.grade})::numeric, 1)`,
          count: sql<number>`count(*)::int`,
        })
        .from(grades)
        .innerJoin(products, and(eq(products.id, grades.productId), eq(products.merchantId, merchantId), eq(products.active, true)))
        .where(and(eq(grades.merchantId, merchantId), sql`${products.systems} @> ${JSON.stringify([source])}::jsonb`))
        .groupBy(grades.productId)
        .orderBy(asc(grades.productId));
      return rows.map((r) => ({ productId: r.productId, grade: Number(r.grade), count: Number(r.count) }));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
export type MenuRows = Awaited<ReturnType<CatalogueRepository['menuRows']>>;
export type ProductRow = MenuRows['products'][number];
export type ModificationGroupRow = MenuRows['modificationGroups'][number];
export type ModificationRow = MenuRows['modifications'][number];
export type ProductBranchRow = MenuRows['productBranches'][number];
