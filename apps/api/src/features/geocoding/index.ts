/** The geocoding feature's public surface (the address pickers' reverse and search): what app.ts may import. */
export { geocodingRoutes } from './geocoding.routes.ts';
export { createGeocodingService, type GeocodeSource, type GeocodingService } from './geocoding.service.ts';
export { createBrandGeocoderKeys, createBrandYandexKeys, type BrandGeocoderKeys } from './brand-key.ts';
