/** Operations (issue 15): the staff's console API, the customer's live tracking and notifications. */
export { createNotificationsService, type NotificationsService } from './notifications.ts';
export { createOpsService, type OpsService } from './ops.service.ts';
export { opsRoutes } from './ops.routes.ts';
export { createStaffAuth, registerStaffGuard, type StaffAuth } from './staff-auth.ts';
export { trackingRoutes } from './tracking.routes.ts';
export { registerOpsWork } from './ops-work.ts';
export { createTelegram, verifyInitData, type Telegram } from './telegram.ts';
