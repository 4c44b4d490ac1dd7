/** The staff console's board (issue 15): orders and their moves, couriers, the stop-list, the figures, and the operations' background work. */
export { boardRoutes } from './board.routes.ts';
export { createBoardService, type BoardService } from './board.service.ts';
export { registerOpsWork } from './ops-work.ts';
