/** Favourites (issue 31): what app.ts and the catalogue may import. */
export { favouritesRoutes } from './favourites.routes.ts';
export { createFavouritesService, type FavouritesService } from './favourites.service.ts';
