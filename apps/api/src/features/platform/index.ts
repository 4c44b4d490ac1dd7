export { platformRoutes } from './platform.routes.ts';
export { createPlatformService, oneTimePassword, type PlatformService } from './platform.service.ts';
