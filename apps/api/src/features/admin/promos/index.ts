export { adminPromoRoutes } from './promos.routes.ts';
