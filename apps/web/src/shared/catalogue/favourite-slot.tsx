import { createContext, Suspense, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Product } from '@dasturxon/domain';

/** Where a heart sits: on a menu card (small) or beside the product page's price. */
export type FavouriteHeartPlace = 'card' | 'page';

export interface FavouriteHeartProps {
  product: Product;
  place: FavouriteHeartPlace;
}

/**
 * The favourites' heart (issue 31), given by app/ while the brand's favouriteActive is on, else null: the menu and the
 * product draw a slot and never import the favourites feature (features meet in app/, which passes what draws a lazy
 * component, so the heart's code is not part of the first screen).
 */
export const FavouriteHeartContext = createContext<((props: FavouriteHeartProps) => ReactNode) | null>(null);

const noSubscription = () => () => {};

/**
 * A product's heart, once the page is the browser's: the server's page is the same for every guest and has none, so
 * hydration never waits for the heart's code, which arrives after.
 */
export function FavouriteSlot(props: FavouriteHeartProps) {
  const heart = useContext(FavouriteHeartContext);
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!heart || !inBrowser) return null;
  return <Suspense fallback={null}>{heart(props)}</Suspense>;
}
