export { platformRoutes } from './platform.routes.ts';
export { createPlatformService, type PlatformService } from './platform.service.ts';
export { oneTimePassword } from '../staff/index.ts';
