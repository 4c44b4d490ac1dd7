// The database schema, one file per area (docs/architecture.md, "packages/db"). Every table carries its brand's
// merchant_id and is keyed by it (columns.ts, docs/decisions/007-tenant-keys-and-enum-checks.md). drizzle-kit reads
// this file (drizzle.config.ts); `npm run db:generate` writes a migration after a change in any of them.
export * from './merchants.ts';
export * from './branches.ts';
export * from './content.ts';
export * from './catalogue.ts';
export * from './customers.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './staff.ts';
export * from './events.ts';
export * from './back-office.ts';
export * from './reservations.ts';
export * from './chat.ts';
export * from './vacancies.ts';
export * from './grades.ts';
export * from './table-service.ts';
