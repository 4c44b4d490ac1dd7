import { and, desc, eq } from 'drizzle-orm';
import { favourites, products, type Db } from '@dasturxon/db';
import { AppError, type FavouriteState, type FavouritesQuery, type MenuSource, type Overalls, type Product } from '@dasturxon/domain';
import type { CatalogueService } from '../catalogue/index.ts';
import { readSettings } from '../merchants/index.ts';

export interface Customer {
  merchantId: string;
  id: string;
}

interface MenuDocumentLike {
  body: Buffer;
}

/**
 * The customer's favourite products of a brand (issue 31; docs/storefront-features.md, "Favourites"). A favourite is a
 * row (brand, customer, product) while it is one; the list answers the products as the brand's menu shows them now,
 * so a product that left the menu drops out of the list (its row stays, and it is back if the product returns).
 */
export function createFavouritesService({ db, catalogue }: { db: Db; catalogue: Pick<CatalogueService, 'overalls' | 'product'> }) {
  /** The parsed menu of a kept document, by product id: one parse per document however many lists read it. */
  const parsed = new WeakMap<MenuDocumentLike, ReadonlyMap<string, Product>>();

  async function menuProducts(merchantId: string, source: MenuSource, branchId: string | null): Promise<ReadonlyMap<string, Product>> {
    const doc = await catalogue.overalls(merchantId, source, branchId);
    let byId = parsed.get(doc);
    if (!byId) {
      const menu = JSON.parse(doc.body.toString('utf8')) as Overalls;
      byId = new Map(menu.products.map((p) => [p.id, p]));
      parsed.set(doc, byId);
    }
    return byId;
  }

  async function requireOn(merchantId: string): Promise<void> {
    if (!(await readSettings(db, merchantId)).favouriteActive) throw new AppError('FEATURE_OFF');
  }

  /** A product of this brand in any state (a favourite of one switched off may still be cleared), else PRODUCT_NOT_FOUND. */
  async function requireProductRow(merchantId: string, productId: string): Promise<void> {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.id, productId)));
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  }

  async function clear(customer: Customer, productId: string): Promise<void> {
    await requireOn(customer.merchantId);
    await requireProductRow(customer.merchantId, productId);
    await db
      .delete(favourites)
      .where(and(eq(favourites.merchantId, customer.merchantId), eq(favourites.userId, customer.id), eq(favourites.productId, productId)));
  }

  return {
    /** The customer's favourites, the latest marked first, as the menu of the channel (and branch) shows them. */
    async list(customer: Customer, query: FavouritesQuery): Promise<Product[]> {
      // Only the caller's own: another customer's favourites are not theirs to read, whatever the brand's flags.
      if (query.userId !== undefined && query.userId !== customer.id) throw new AppError('FORBIDDEN');
      await requireOn(customer.merchantId);
      if (!query.isFavourite) return [];
      const rows = await db
        .select({ productId: favourites.productId })
        .from(favourites)
        .where(and(eq(favourites.merchantId, customer.merchantId), eq(favourites.userId, customer.id)))
        .orderBy(desc(favourites.createdAt), favourites.productId);
      if (rows.length === 0) return [];
      const menu = await menuProducts(customer.merchantId, query.type, query.branchId ?? null);
      return rows.flatMap(({ productId }) => {
        const product = menu.get(productId);
        return product ? [{ ...product, favourite: true }] : [];
      });
    },

    /** Marks or clears a favourite; a product the brand does not show (another brand's, switched off) cannot be marked. */
    async set(customer: Customer, productId: string, isFavourite: boolean): Promise<FavouriteState> {
      if (!isFavourite) {
        await clear(customer, productId);
        return { productId, isFavourite: false };
      }
      await requireOn(customer.merchantId);
      // The catalogue's own rule of what a customer may see: another brand's, an inactive one or one in a switched-off category is not found.
      await catalogue.product(customer.merchantId, productId, null);
      await db.insert(favourites).values({ merchantId: customer.merchantId, userId: customer.id, productId }).onConflictDoNothing();
      return { productId, isFavourite: true };
    },

    clear,

    /** Whether the product is the customer's favourite, for the product answer asked with their token (false with the flag off). */
    async isFavourite(customer: Customer, productId: string): Promise<boolean> {
      const [row] = await db
        .select({ productId: favourites.productId })
        .from(favourites)
        .where(
          and(eq(favourites.merchantId, customer.merchantId), eq(favourites.userId, customer.id), eq(favourites.productId, productId)),
        );
      if (!row) return false;
      return (await readSettings(db, customer.merchantId)).favouriteActive;
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
