import { z } from 'zod';
import { MenuSource } from './enums.ts';

/*
 * Favourites (issue 31; spec section 7, docs/storefront-features.md "Favourites"): the three calls under
 * /api/products/v1/favourite, each for the signed-in customer of the brand (the spec's WITH_TOKEN: a bearer token).
 * A favourite is one customer's mark on one product of the brand; the list answers the products themselves.
 */

/**
 * `GET /products/v1/favourite/all`: `userId` may only name the caller (another customer's id answers 403 FORBIDDEN);
 * `isFavourite=false` answers an empty list, since a cleared favourite is not kept. `type` and `branchId` mark the
 * products as the menu of that channel and branch does.
 */
export const FavouritesQuery = z.object({
  userId: z.uuid().optional(),
  isFavourite: z.stringbool().default(true),
  type: MenuSource.default('WEB'),
  branchId: z.uuid().optional(),
});
export type FavouritesQuery = z.infer<typeof FavouritesQuery>;

/** `POST /products/v1/favourite`: marks (`isFavourite: true`) or clears a favourite; either is idempotent. */
export const FavouriteRequest = z.strictObject({
  productId: z.uuid(),
  isFavourite: z.boolean(),
});
export type FavouriteRequest = z.infer<typeof FavouriteRequest>;

/** What the set call answers: the product's favourite mark as it now stands. */
export const FavouriteState = z.object({
  productId: z.uuid(),
  isFavourite: z.boolean(),
});
export type FavouriteState = z.infer<typeof FavouriteState>;

/** `DELETE /products/v1/favourite/{id}`: the id is the product's (a favourite has no id of its own). */
export const FavouriteParams = z.object({ id: z.uuid() });
