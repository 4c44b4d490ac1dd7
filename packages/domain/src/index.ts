/**
 * `@dasturxon/domain`: the rules both the server and the storefront run (pricing, the quote, zones and
 * tariffs, hours, the menu, phones, languages, tenants), the enumerations and constants, and the types of
 * the HTTP contract. No zod: the schemas are `@dasturxon/domain/contracts`, so a storefront screen that
 * imports a rule never carries a schema along.
 */
export * from './account.ts';
export * from './color.ts';
export * from './constants.ts';
export * from './delivery.ts';
export * from './zone-geojson.ts';
export * from './enums.ts';
export * from './dates.ts';
export * from './eta.ts';
export * from './date-words.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './geo.ts';
export * from './geocoding.ts';
export * from './transliterate.ts';
export * from './hours.ts';
export * from './ids.ts';
export * from './languages.ts';
export * from './line.ts';
export * from './media.ts';
export * from './menu.ts';
export * from './money.ts';
export * from './cards.ts';
export * from './cancel-reasons.ts';
export * from './order-breakdown.ts';
export * from './order-payment.ts';
export * from './order-refund.ts';
export * from './order-schedule.ts';
export * from './reservations.ts';
export * from './chat.ts';
export * from './order-status.ts';
export * from './payment-window.ts';
export * from './phone.ts';
export * from './pricing.ts';
export * from './proof-of-work.ts';
export * from './quote-menu.ts';
export * from './quote-rules.ts';
export * from './quote.ts';
export * from './room.ts';
export * from './routing.ts';
export * from './settings.ts';
export * from './staff.ts';
export * from './ops-board.ts';
export * from './back-office.ts';
export * from './navigation.ts';
export * from './network.ts';
export * from './tenant.ts';

// The contract's types (what a call sends and answers), without their schemas.
export type * from './contracts/address.ts';
export type * from './contracts/auth.ts';
export type * from './contracts/branches.ts';
export type * from './contracts/catalogue.ts';
export type * from './contracts/common.ts';
export type * from './contracts/delivery.ts';
export type * from './contracts/eta.ts';
export type * from './contracts/favourites.ts';
export type * from './contracts/grades.ts';
export type * from './contracts/geocoding.ts';
export type * from './contracts/hours.ts';
export type * from './contracts/languages.ts';
export type * from './contracts/merchant.ts';
export type * from './contracts/orders.ts';
export type * from './contracts/promo.ts';
export type * from './contracts/quote.ts';
export type * from './contracts/settings.ts';
export type * from './contracts/webbot.ts';
export type {
  Reservation,
  ReservationMoveRequest,
  ReservationRequest,
  ReservationSlots,
  StaffReservationRequest,
} from './contracts/reservations.ts';
export type { ChatConversation, ChatMessage, ChatThread, StaffChatConversation, StaffChatThread } from './contracts/chat.ts';
export * from './vacancies.ts';
export * from './analytics.ts';
export * from './maps.ts';
export * from './grades.ts';
export * from './table-link.ts';
export * from './table-service.ts';
export * from './table-bill.ts';
