export { adminVacancyRoutes } from './vacancies.routes.ts';
