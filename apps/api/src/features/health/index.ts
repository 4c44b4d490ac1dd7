/** The health feature's public surface. */
export { healthRoutes } from './health.routes.ts';
export { createHealthCheck, createReadiness, type NotReady, type Readiness } from './health.service.ts';
