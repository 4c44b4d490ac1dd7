/** The orders feature's public surface: what app.ts and other features may import (the lint rule allows nothing else). */
export { createOrdersRepository, type OrdersRepository, type OrderRecord, type OrderLineRecord } from './orders.repository.ts';
export { ordersRoutes } from './orders.routes.ts';
export { createOrdersService, type OrdersService, type StaffOrderRole } from './orders.service.ts';
export type { PresentedOrder } from './present-order.ts';
export { IDEMPOTENCY_TTL_MS } from './place-order/index.ts';
export { registerOrderTimers } from './order-timers.ts';
