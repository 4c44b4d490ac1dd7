export { zoneRoutes } from './zones.routes.ts';
