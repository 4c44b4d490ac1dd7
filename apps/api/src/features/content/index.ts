/** The content feature's public surface (banners, stories, pages): what app.ts and other features may import. */
export { createContentRepository } from './content.repository.ts';
export { contentRoutes } from './content.routes.ts';
export { createContentService, type ContentService } from './content.service.ts';
