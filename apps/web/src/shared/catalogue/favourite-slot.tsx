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

/**
 * The heart's box in each place, which the slot keeps from the first paint: the heart arriving later moves nothing (no
 * layout shift, and a scroll position restored before it came stays right). On a card the negative margins keep the
 * 36 px tap target from making the line taller than its text.
 */
export const HEART_BOX: Record<FavouriteHeartPlace, string> = {
  card: 'size-9 -my-2 -me-1.5',
  page: 'size-11',
};

const noSubscription = () => () => {};

/**
 * A product's heart, once the page is the browser's: the server's page is the same for every guest and has only the
 * heart's empty box, so hydration never waits for the heart's code, which arrives after.
 */
export function FavouriteSlot(props: FavouriteHeartProps) {
  const heart = useContext(FavouriteHeartContext);
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!heart) return null;
  const box = <span aria-hidden="true" className={`block shrink-0 ${HEART_BOX[props.place]}`} />;
  if (!inBrowser) return box;
  return <Suspense fallback={box}>{heart(props)}</Suspense>;
}
