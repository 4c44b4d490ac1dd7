import { z } from 'zod';
import {
  BasketPosition,
  CategoryView,
  GroupView,
  MapType,
  ModificationViewType,
  ThemeType,
} from '../enums.ts';
import { DEFAULT_MAIN_COLOR } from '../constants.ts';
import { ContentLanguage, LocalizedText } from './languages.ts';


/**
 * Every boolean flag of the merchant settings (spec section 3) with its default.
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
] as const;
export type SettingsTextField = (typeof SETTINGS_TEXT_FIELDS)[number];

const flagShape = Object.fromEntries(
  SETTINGS_FLAGS.map((f) => [f, z.boolean().default(SETTINGS_FLAG_DEFAULTS[f])]),
) as { [K in SettingsFlag]: z.ZodDefault<z.ZodBoolean> };

const textShape = Object.fromEntries(SETTINGS_TEXT_FIELDS.map((f) => [f, z.string().default('')])) as {
  [K in SettingsTextField]: z.ZodDefault<z.ZodString>;
};

/**
 * Merchant settings as the storefront reads them (web and click-app variants share the shape).
 * Parsing `{}` yields every default of the spec, so a failed load falls back to the same values.
 */
export const MerchantSettings = z.object({
  merchantId: z.string().default(''),
  ...flagShape,
  ...textShape,
  mainColor: z.string().default(DEFAULT_MAIN_COLOR),
  mainLanguage: ContentLanguage.default('ru'),
  /** Replaces the old client's hard-coded list of merchants forced to Russian. */
  forcedLanguage: ContentLanguage.nullable().default(null),
  yandexMetricsKeys: z.array(z.string()).default([]),
  contacts: z.array(z.string()).default([]),
  title: LocalizedText.default({}),
  leftCopyWrite: LocalizedText.default({}),
  rightCopyWrite: LocalizedText.default({}),
  mapType: MapType.default('YANDEX'),
  mainColorType: ThemeType.default('DARK'),
  groupView: GroupView.default('GROUP'),
  categoryView: CategoryView.default('ALL'),
  basketPosition: BasketPosition.default('NAVIGATION_BAR'),
  modificationViewType: ModificationViewType.default('NAME_ONLY'),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

/** Settings of the order service (`GET /orders/v1/merchant/settings`). */
export const OrderMerchantSettings = z.object({
  shouldValidateDeliveryArea: z.boolean(),
  isSmsConfirmationRequiredPerOrder: z.boolean(),
});
export type OrderMerchantSettings = z.infer<typeof OrderMerchantSettings>;

export const defaultMerchantSettings = (): MerchantSettings => MerchantSettings.parse({});

/** The channels settings are kept for. */
export const SettingsChannel = z.enum(['WEB', 'CLICK_APP']);
export type SettingsChannel = z.infer<typeof SettingsChannel>;
