/** The customer's notifications about their orders: read and marked in the storefront, and sent by the brand's Telegram bot. */
export { createNotificationsService, type NotificationsService } from './notifications.service.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { createTelegram, STATUS_WORDS, type Telegram } from './telegram.ts';
