/*
 * The orders feature's pages as one module, so the route table's two lazy routes share one chunk (the list and
 * the detail are visited together) and the first screen carries one file name and one list of its imports.
 */
export { OrdersPage } from './orders-page.tsx';
export { OrderPage } from './order-page.tsx';
