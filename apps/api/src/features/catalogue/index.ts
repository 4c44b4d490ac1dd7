/** The catalogue feature's public surface: what app.ts and other features may import. */
export { createCatalogueRepository } from './catalogue.repository.ts';
export { catalogueRoutes } from './catalogue.routes.ts';
export { createCatalogueService, type CatalogueService } from './catalogue.service.ts';
export { CATALOGUE_CHANNEL, createCatalogueChanges, type CatalogueChanges } from './catalogue-changes.ts';
