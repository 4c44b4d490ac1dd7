import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * True while React draws on the server and while the browser takes that page over (hydration): both must
 * draw the same thing, so whatever the browser would otherwise draw in steps is drawn whole. False when
 * the browser draws a page on its own.
 */
export const useServerDrawn = (): boolean =>
  useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
