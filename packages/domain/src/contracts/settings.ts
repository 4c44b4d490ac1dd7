import { z } from 'zod';
import { SETTINGS_FLAG_DEFAULTS, SETTINGS_FLAGS, SETTINGS_TEXT_FIELDS, type SettingsFlag, type SettingsTextField } from '../settings.ts';
import { BasketPosition, CategoryView, GroupView, MapType, ModificationViewType, ThemeType } from './enums.ts';
import { DEFAULT_MAIN_COLOR } from '../constants.ts';
import { CURRENCIES } from '../format.ts';
import { ContentLanguage, LocalizedText } from './languages.ts';

const flagShape = Object.fromEntries(SETTINGS_FLAGS.map((f) => [f, z.boolean().default(SETTINGS_FLAG_DEFAULTS[f])])) as {
  [K in SettingsFlag]: z.ZodDefault<z.ZodBoolean>;
};

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
  /** What the brand prices in: the storefront's currency label follows it (domain `currencyLabel`). */
  currency: z.enum(CURRENCIES).default('UZS'),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

export const defaultMerchantSettings = (): MerchantSettings => MerchantSettings.parse({});
