export { settingsRoutes } from './settings.routes.ts';
export { paymentAccountsRoutes } from './payment-accounts.routes.ts';
