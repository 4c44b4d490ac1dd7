import { useLocation } from 'react-router';
import { lazyPage } from '../../lib/chunk-reload.ts';
import { OrderPage } from './order-page.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { ordersPageOf } from './order-rules.ts';

// The map brings Leaflet: it arrives only when opened (its files named in this file's preload table, not the first screen's).
const OrderMapPage = lazyPage(() => import('./order-map-page.tsx').then((m) => m.OrderMapPage));

/**
 * `/profile/orders`, `/profile/orders/{id}`, `/profile/orders/{id}/map` and `/profile/notifications` as one page that
 * arrives when any of them is first visited and shows the one its address names: each lazy route of the route table
 * costs the first screen a line and a file name (scripts/size-budget.mjs), so the four share one.
 */
export function OrdersPages() {
  const { pathname } = useLocation();
  const page = ordersPageOf(pathname);
  if (page === 'map') return <OrderMapPage />;
  if (page === 'order') return <OrderPage />;
  if (page === 'notifications') return <NotificationsPage />;
  return <OrdersPage />;
}
