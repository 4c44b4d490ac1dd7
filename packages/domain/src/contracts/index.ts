/**
 * `@dasturxon/domain/contracts`: the zod schemas of the HTTP contract (docs/spec-index.md sections 3 and 7), for the
 * server's validation and OpenAPI document and for the few places the storefront parses (settings
 * defaults). The rules and the types live in `@dasturxon/domain`, which holds no zod.
 */
export * from './auth.ts';
export * from './branches.ts';
export * from './chat.ts';
export * from './address.ts';
export * from './catalogue.ts';
export * from './common.ts';
export * from './delivery.ts';
export * from './enums.ts';
export * from './geocoding.ts';
export * from './hours.ts';
export * from './languages.ts';
export * from './merchant.ts';
export * from './orders.ts';
export * from './eta.ts';
export * from './favourites.ts';
export * from './promo.ts';
export * from './quote.ts';
export * from './reservations.ts';
export * from './table-service.ts';
export * from './settings.ts';
export * from './payments.ts';
export * from './cards.ts';
export * from './ops.ts';
export * from './admin.ts';
export * from './admin-menu.ts';
export * from './platform.ts';
export * from './admin-menu-io.ts';
export * from './admin-branches.ts';
export * from './admin-content.ts';
export * from './admin-settings.ts';
export * from './admin-promos.ts';
export * from './admin-staff.ts';
export * from './admin-zones.ts';
export * from './admin-modifications.ts';
export * from './webbot.ts';
export * from './refunds.ts';
export * from './vacancies.ts';
export * from './grades.ts';
