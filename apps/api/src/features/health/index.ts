/** The health feature's public surface. */
export { healthRoutes } from './health.routes.ts';
export { createHealthCheck } from './health.service.ts';
