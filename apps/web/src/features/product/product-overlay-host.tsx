import { Suspense, useEffect } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { whenIdleAfterLoad } from '../../lib/after-load.ts';
import { useServerDrawn } from '../../lib/server-drawn.ts';
import { lazyPage } from '../../lib/chunk-reload.ts';
import { PRODUCT_PARAM, VIEW_PARAM } from '../../shared/catalogue/product-link.ts';

const loadOverlay = () => import('./product-overlay.tsx').then((m) => m.ProductOverlay);
const ProductOverlay = lazyPage(loadOverlay);

/**
 * Pages that list products (menu, category, search) sit inside this route element: when the
 * address says `?product={id}&view=sheet|popup`, the product opens over the page. The overlay's
 * code (with the sheet library) arrives when the browser is idle, before the first tap.
 */
export function ProductOverlayHost() {
  const [params] = useSearchParams();
  const id = params.get(PRODUCT_PARAM);
  const view = params.get(VIEW_PARAM) === 'popup' ? 'popup' : 'sheet';
  // The server draws the page under the product; the product opens over it once the browser has taken the page over.
  const serverDrawn = useServerDrawn();

  // After the page's own pictures, when nothing else is going on.
  useEffect(() => whenIdleAfterLoad(() => void loadOverlay().catch(() => undefined)), []);

  return (
    <>
      <Outlet />
      {id && !serverDrawn && (
        <Suspense fallback={null}>
          <ProductOverlay key={id} productId={id} view={view} />
        </Suspense>
      )}
    </>
  );
}
