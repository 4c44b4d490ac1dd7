/** The vacancies feature's public surface (issue 31): the storefront's calls; the back office's are admin/vacancies. */
export { vacanciesRoutes, requireVacancies } from './vacancies.routes.ts';
