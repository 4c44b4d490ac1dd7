/** The media feature's public surface (the resizing image service under /media): what app.ts may import. */
export { mediaRoutes } from './media.routes.ts';
export { createMediaService, type MediaService } from './media.service.ts';
