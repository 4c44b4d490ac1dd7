/** The merchants feature's public surface: what app.ts, the storefront and other features may import. */
export { createMerchantsRepository, type MerchantsRepository } from './merchants.repository.ts';
export { brandSwitcherOn, merchantsRoutes } from './merchants.routes.ts';
export { createMerchantsService, toMerchant, type MerchantsService } from './merchants.service.ts';
export { readSettings, settingsOf, webFlagSql, type SettingsRecord } from './merchant-settings.ts';
