/*
 * The merchant settings' lists (decision 001): every flag with its default and every text field. The zod
 * contract (contracts/settings.ts) and the database columns (packages/db) are both built from them.
 */

/**
 * Every boolean flag of the merchant settings (docs/spec-index.md section 3) with its default.
 * The database columns and the zod contract are both made from this one list.
 */
export const SETTINGS_FLAG_DEFAULTS = {
  bannersActive: true,
  uzLangActive: true,
  ruLangActive: true,
  engLangActive: true,
  zhLangActive: false,
  arLangActive: false,
  kzLangActive: false,
  trLangActive: false,
  deliveryActive: true,
  pickupActive: true,
  dineInActive: false,
  branchesActive: true,
  storiesActive: true,
  vacanciesActive: false,
  privacyActive: true,
  aboutMerchantActive: true,
  termsOfUseActive: true,
  iosAppActive: false,
  androidAppActive: false,
  telegramBotActive: false,
  phoneActive: true,
  telegramActive: false,
  instagramActive: false,
  facebookActive: false,
  isDark: false,
  notificationsActive: false,
  balanceActive: false,
  cartInMainActive: true,
  bookingActive: false,
  cashActive: true,
  terminalActive: false,
  paymeActive: false,
  clickActive: false,
  uzumActive: false,
  receiverActive: false,
  cartPageActive: true,
  chatActive: false,
  amoCRMActive: false,
  yandexMetricsEnabled: false,
  cashbackActive: false,
  promoActive: true,
  favouriteActive: false,
  cancelOrderActive: true,
  cardActive: false,
  productComment: false,
  isVisibleAtProfileTop: false,
  isNavigationViewEnabled: false,
  multiTabNavigationEnabled: false,
  shouldValidateDeliveryArea: true,
  isCategoryImageVisible: false,
  metaPixelActive: false,
  googleTagManagerActive: false,
  isSmsConfirmationRequiredPerOrder: false,
  /** Replaces the old client's marker word: visitors without a chosen branch land on /extra4. */
  branchFirstLanding: false,
  /** On phones the menu's vertical categories show two compact cards a row, whatever each category's viewType (issue 29). */
  compactMenuGrid: false,
  /** Guests at a table (its QR link) may order without logging in, as the table's guest (issue 32). */
  qrGuestOrders: false,
  /** The promo codes page shows the legal sentence of spec section 9 (the 30,000 so'm benefit of activating a promo; issue 31). */
  promoLegalTextActive: false,
} as const satisfies Record<string, boolean>;

export type SettingsFlag = keyof typeof SETTINGS_FLAG_DEFAULTS;
export const SETTINGS_FLAGS = Object.keys(SETTINGS_FLAG_DEFAULTS) as SettingsFlag[];

/** Every plain text field of the merchant settings; empty when the merchant has not set it. */
export const SETTINGS_TEXT_FIELDS = [
  'logo',
  'brand',
  'favicon',
  'domain',
  'iosAppLink',
  'androidAppLink',
  'telegramBotLink',
  'phone',
  'telegram',
  'instagram',
  'facebook',
  'smsContent',
  'amoCRMId',
  'amoCRMHash',
  'yandexMetricsId',
  'metaPixelContent',
  'metaPixelId',
  'googleTagManagerId',
  /** The brand's Yandex Maps key (JavaScript API 2.1 and HTTP Geocoder): with mapType YANDEX its maps are Yandex's (issue 31). */
  'yandexMapKey',
] as const;
export type SettingsTextField = (typeof SETTINGS_TEXT_FIELDS)[number];
