/** The grades feature's public surface (issue 31): customers' grades of their orders and products. */
export { gradesRoutes } from './grades.routes.ts';
export { createGradesService, type GradesService } from './grades.service.ts';
