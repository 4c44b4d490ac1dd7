export { branchRoutes } from './branches.routes.ts';
export { tableRoutes } from './tables.routes.ts';
