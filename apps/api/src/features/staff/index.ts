/** The brand's staff (issue 15, decision 010): their login, sessions and the staff guard of the console's calls. */
export { createStaffAuth, registerStaffGuard, requireStaff, type StaffAuth } from './staff-auth.ts';
export { createStaffRepository, type StaffRecord } from './staff.repository.ts';
export { staffRoutes } from './staff.routes.ts';
export { newOneTimePassword, oneTimePassword, sendOneTimePassword, type OneTimePasswordSms } from './one-time-password.ts';
