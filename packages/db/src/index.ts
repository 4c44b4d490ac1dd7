export * from './client.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './schema.ts';
