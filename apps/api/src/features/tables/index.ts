export { floorRoutes } from './floor.routes.ts';
export { createTableService, type TableAt, type TableService } from './table-service.service.ts';
export { seatOf, tablesRoutes } from './tables.routes.ts';
