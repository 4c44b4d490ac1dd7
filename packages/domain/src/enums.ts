/**
 * Enumerations of docs/spec-index.md section 4, spelled as the spec spells them: each a list of its values and the
 * type of one. No zod here: the contracts build their schemas from these lists
 * (`@dasturxon/domain/contracts`, contracts/enums.ts) and the database its checks (packages/db).
 */

export const ORDER_STATUSES = [
  'OPEN',
  'ACCEPTED',
  'CANCELED',
  'CREATED',
  'COOKING',
  'DONE',
  'ON_WAY',
  'DELIVERED',
  'CLOSED',
  'ATTACHED',
  'AT_TIME',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SERVICE_TYPES = ['DELIVERY', 'PICK_UP', 'DINE_IN', 'YANDEX_EATS', 'EXPRESS_24'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const WORK_HOURS_TYPES = ['DELIVERY', 'PICK_UP', 'DINE_IN'] as const;
export type WorkHoursType = (typeof WORK_HOURS_TYPES)[number];

export const WEEK_NAMES = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type WeekName = (typeof WEEK_NAMES)[number];

export const PAYMENT_TYPES = [
  'CASH',
  'CLICK',
  'PAYNET',
  'TERMINAL',
  'PAYME',
  'UZUM',
  'OTHER',
  'RAHMAT',
  'PAYZE',
  'CLICK_MINI_APP',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const DISCOUNT_TYPES = ['AMOUNT', 'PERCENTAGE'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const SMS_GATEWAYS = ['PLAY_MOBILE', 'ESKIZ', 'OUTBOX'] as const;
export type SmsGateway = (typeof SMS_GATEWAYS)[number];

export const MAP_TYPES = ['YANDEX', 'LEAFLET', 'LAMENU_YANDEX'] as const;
export type MapType = (typeof MAP_TYPES)[number];

export const THEME_TYPES = ['DARK', 'LIGHT'] as const;
export type ThemeType = (typeof THEME_TYPES)[number];

export const CATEGORY_VIEW_TYPES = ['BIG', 'MEDIUM', 'SMALL'] as const;
export type CategoryViewType = (typeof CATEGORY_VIEW_TYPES)[number];

export const SCROLL_TYPES = ['VERTICAL', 'HORIZONTAL'] as const;
export type ScrollType = (typeof SCROLL_TYPES)[number];

export const NAVIGATION_TYPES = ['SHEET', 'POP_UP', 'FULL_SCREEN'] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

export const GROUP_VIEWS = ['GROUP', 'WITHOUT_GROUP'] as const;
export type GroupView = (typeof GROUP_VIEWS)[number];

export const CATEGORY_VIEWS = ['ALL', 'ONE_CATEGORY', 'GROUP_CATEGORY'] as const;
export type CategoryView = (typeof CATEGORY_VIEWS)[number];

export const BASKET_POSITIONS = ['NAVIGATION_BAR', 'FLOATING_OVER_PRODUCT'] as const;
export type BasketPosition = (typeof BASKET_POSITIONS)[number];

export const MODIFICATION_VIEW_TYPES = ['NAME_ONLY', 'FULL_IMAGE'] as const;
export type ModificationViewType = (typeof MODIFICATION_VIEW_TYPES)[number];

export const PRODUCT_TYPES = ['NONE', 'MODIFICATION'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const UNITS = ['KG', 'LITER', 'GRAMM', 'COUNT'] as const;
export type Unit = (typeof UNITS)[number];

export const CHANNEL_TYPES = ['TG', 'WEB', 'APP', 'OPERATOR', 'QR', 'CLICK'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Menu source of `GET /products/v1/overalls?type=`. */
export const MENU_SOURCES = ['WEB', 'TELEGRAM', 'QR', 'APP'] as const;
export type MenuSource = (typeof MENU_SOURCES)[number];

export const POLICY_TYPES = ['TERMS', 'ABOUT_COMPANY', 'PRIVACY_POLICY'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export const ORDER_DEVICES = [
  'LAPOSTER',
  'OPERATOR',
  'INSTAGRAM',
  'CLIENT_APP',
  'TELEGRAM_BOT',
  'CLIENT',
  'CLIENT_WEB',
  'CLIENT_IOS',
  'CLICK_MINI_APP',
  'CLIENT_ANDROID',
  'CLIENT_WEB_MOBILE',
  'CLIENT_WEB_DESKTOP',
  'INTEGRATION_APP',
] as const;
export type OrderDevice = (typeof ORDER_DEVICES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** What a one-time code is for; a code of one purpose never works for another. */
export const OTP_PURPOSES = ['LOGIN', 'CHANGE_PHONE', 'ORDER'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** The channels a merchant keeps settings for. */
export const SETTINGS_CHANNELS = ['WEB', 'CLICK_APP'] as const;
export type SettingsChannel = (typeof SETTINGS_CHANNELS)[number];

/** What a saved address is: a house, or a flat in a block (then entrance, floor and door matter). */
export const ADDRESS_TYPES = ['HOUSE', 'APARTMENT'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Why an order changed (docs/spec-index.md section 4, order change reasons): written with every status entry. */
export const ORDER_CHANGE_REASONS = [
  'PAID',
  'UPDATE',
  'PAID_AND_CHANGE_STATUS',
  'CHANGE_STATUS',
  'CHANGE_COURIER_STATUS',
  'CHANGE_PAYMENT_TYPE',
  'CHANGE_DELIVERY_TYPE',
] as const;
export type OrderChangeReason = (typeof ORDER_CHANGE_REASONS)[number];

/**
 * What moved a customer's cashback balance: the balance carried over when the ledger began (OPENING), spent
 * on an order, earned by a completed order, given back when an order that spent it is cancelled (RETURNED).
 */
export const CASHBACK_ENTRY_KINDS = ['OPENING', 'SPENT', 'EARNED', 'RETURNED'] as const;
export type CashbackEntryKind = (typeof CASHBACK_ENTRY_KINDS)[number];

/** The online payment providers that call our merchant endpoints (issue 14; docs/protocols.md sections 1-3). */
export const PAYMENT_PROVIDERS = ['PAYME', 'CLICK', 'UZUM'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
