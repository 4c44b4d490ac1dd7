/** The brand's staff accounts in the back office (issue 28, area `staff`). */
export { staffAdminRoutes, type StaffAdminOptions } from './staff.routes.ts';
