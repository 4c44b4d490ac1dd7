export { settingsRoutes } from './settings.routes.ts';
export { paymentAccountsRoutes } from './payment-accounts.routes.ts';
export { geocoderKeyRoutes } from './geocoder-key.routes.ts';
