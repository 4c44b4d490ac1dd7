export * from './client.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './in-ids.ts';
export * from './payment-accounts.ts';
export * from './schema/index.ts';
export * from './secret-box.ts';
export * from './passwords.ts';
