import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { NavigationType } from '@dasturxon/domain';

/*
 * How a product opens (spec: each category's navigationType): FULL_SCREEN is the page
 * /product/{id}; SHEET and POP_UP stay on the current page and put `?product={id}&view=sheet|popup`
 * in the address, so the back button closes them and a shared link opens them. The product
 * feature reads these parameters; whoever lists products only writes them.
 */
export const PRODUCT_PARAM = 'product';
export const VIEW_PARAM = 'view';
export type ProductOverlayView = 'sheet' | 'popup';

export const productPath = (id: string): string => `/product/${encodeURIComponent(id)}`;

/** Marks a history entry pushed to open an overlay, so closing it can go back instead of pushing again. */
export const OVERLAY_STATE = { productOverlay: true } as const;

export const overlayViewOf = (navigationType: NavigationType | null | undefined): ProductOverlayView | null =>
  navigationType === 'POP_UP' ? 'popup' : navigationType === 'FULL_SCREEN' ? null : 'sheet';

/** The address that shows a product over the current page, keeping its other parameters. */
export function overlaySearch(search: string, id: string, view: ProductOverlayView): string {
  const params = new URLSearchParams(search);
  params.set(PRODUCT_PARAM, id);
  params.set(VIEW_PARAM, view);
  return `?${params.toString()}`;
}

/** Opens a product as its category says: a sheet (default), a pop-up, or the full page. */
export function useOpenProduct(): (productId: string, navigationType?: NavigationType | null) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (productId, navigationType) => {
      const view = overlayViewOf(navigationType);
      if (!view) void navigate(productPath(productId));
      else
        void navigate({ pathname: location.pathname, search: overlaySearch(location.search, productId, view) }, { state: OVERLAY_STATE });
    },
    [navigate, location.pathname, location.search],
  );
}
