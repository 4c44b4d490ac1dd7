import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { FavouriteState, MenuSource, Product } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';
import { useMenuSource } from '../../shared/catalogue/catalogue.api.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { useShowFailure } from '../../shared/ui/failed-call.ts';

/*
 * Favourites (issue 31; docs/storefront-features.md, "Favourites"): the three calls of spec section 7. The list is the
 * customer's (keyed under the session, so a logout forgets it); the menu's hearts are marked from it, since the shared
 * menu document never says whose favourite a product is.
 */

export const favouriteKeys = {
  list: (source: MenuSource) => [...sessionKeys.all, 'favourites', source] as const,
};

/** `GET /products/v1/favourite/all` (WITH_TOKEN): the customer's favourites, the latest first, marked as the menu is. */
export const favouritesQuery = (source: MenuSource) =>
  queryOptions({
    queryKey: favouriteKeys.list(source),
    queryFn: ({ signal }) => http<Product[]>('/products/v1/favourite/all', { auth: true, query: { type: source }, signal }),
    staleTime: 60_000,
  });

/** `POST /products/v1/favourite` (WITH_TOKEN): marks or clears one. */
export const setFavourite = (productId: string, isFavourite: boolean): Promise<FavouriteState> =>
  http<FavouriteState>('/products/v1/favourite', { method: 'POST', auth: true, body: { productId, isFavourite } });

/** `DELETE /products/v1/favourite/{productId}` (WITH_TOKEN). */
export const removeFavourite = (productId: string): Promise<void> =>
  http<void>(`/products/v1/favourite/${encodeURIComponent(productId)}`, { method: 'DELETE', auth: true });

/** The customer's favourites (none for a guest, who asks for nothing). */
export function useFavourites() {
  const source = useMenuSource();
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...favouritesQuery(source), enabled: loggedIn });
}

/** The ids of the customer's favourites, for the hearts. */
export function useFavouriteIds(): ReadonlySet<string> {
  const { data } = useFavourites();
  return useMemo(() => new Set((data ?? []).map((p) => p.id)), [data]);
}

/**
 * Marks or clears a favourite at once on the screen, then asks the server; a refusal or a lost call puts the heart
 * back and shows the shared failed-call notice (with "Try again" where that could help).
 */
export function useToggleFavourite(): (product: Product, on: boolean) => void {
  const queryClient = useQueryClient();
  const source = useMenuSource();
  const showFailure = useShowFailure();
  const key = favouriteKeys.list(source);
  // "Try again" makes the same change again, through the same optimistic steps.
  const again = useRef<(product: Product, on: boolean) => void>(() => {});
  const mutation = useMutation({
    mutationFn: ({ product, on }: { product: Product; on: boolean }) =>
      on ? setFavourite(product.id, true).then(() => undefined) : removeFavourite(product.id),
    onMutate: async ({ product, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Product[]>(key);
      const rest = (before ?? []).filter((p) => p.id !== product.id);
      queryClient.setQueryData<Product[]>(key, on ? [{ ...product, favourite: true }, ...rest] : rest);
      return { before };
    },
    onError: (error, variables, context) => {
      queryClient.setQueryData<Product[] | undefined>(key, context?.before);
      showFailure(error, () => again.current(variables.product, variables.on));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const { mutate } = mutation;
  const toggle = useCallback((product: Product, on: boolean) => mutate({ product, on }), [mutate]);
  useEffect(() => {
    again.current = toggle;
  }, [toggle]);
  return toggle;
}
