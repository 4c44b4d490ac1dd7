import { z } from 'zod';
import { UI_LANGUAGES } from '../languages.ts';
import { SETTINGS_FLAGS, type SettingsFlag } from '../settings.ts';
import { BasketPosition, CategoryView, GroupView, MapType, ModificationViewType, ThemeType } from './enums.ts';
import { ContentLanguage, LocalizedText, UiLanguage } from './languages.ts';
import { PictureKey } from './admin-menu.ts';

/*
 * The back office's settings and payment accounts (issue 28, owner only: areas `settings` and `paymentAccounts`).
 * `GET/PUT /api/admin/v1/settings` is the brand's look and features as the storefront reads them (the merchants row
 * and the WEB settings row); `GET /api/admin/v1/payment-accounts` and `PUT .../payment-accounts/{provider}` are its
 * accounts at Payme, Click and Uzum, whose secrets are written and never read back.
 */

/** The settings flag that switches each interface language on. */
export const LANGUAGE_FLAGS = {
  uz: 'uzLangActive',
  ru: 'ruLangActive',
  eng: 'engLangActive',
  ar: 'arLangActive',
  kz: 'kzLangActive',
  tr: 'trLangActive',
  zh: 'zhLangActive',
} as const satisfies Record<UiLanguage, SettingsFlag>;

const LANGUAGE_FLAG_SET = new Set<SettingsFlag>(Object.values(LANGUAGE_FLAGS));

/** The feature flags of spec section 3 the settings form switches (the language flags are `languages`, dark mode `theme`). */
export const FEATURE_FLAGS = SETTINGS_FLAGS.filter((f) => !LANGUAGE_FLAG_SET.has(f) && f !== 'isDark') as Exclude<
  SettingsFlag,
  (typeof LANGUAGE_FLAGS)[UiLanguage] | 'isDark'
>[];
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** A colour as `#rrggbb`. */
export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb');

/** http(s)://, a host with a dot (no spaces, no credentials), then any path: the domain has no URL class (runs anywhere). */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#@:]+\.[^\s/?#@:]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const isWebAddress = (value: string): boolean => WEB_ADDRESS.test(value);

/** An http(s) address, or empty for none. */
export const WebLink = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || isWebAddress(v), 'An address starting with https://');

/** A social profile: its address, or the handle (`@tezkor`, `tezkor`); empty for none. */
export const SocialLink = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^@?[\w.]{1,64}$/.test(v) || isWebAddress(v), 'A profile address (https://…) or a handle (@name)');

/** A phone as people write it (`+998 71 200-01-01`); empty for none. */
export const ContactPhone = z
  .string()
  .trim()
  .max(32)
  .refine((v) => v === '' || (/^\+?[\d\s()-]+$/.test(v) && v.replace(/\D/g, '').length >= 5), 'A phone number');

const Localized = (max: number) =>
  z.strictObject({
    ru: z.string().trim().max(max).optional(),
    uz: z.string().trim().max(max).optional(),
    eng: z.string().trim().max(max).optional(),
  });

const flagShape = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as { [K in FeatureFlag]: z.ZodBoolean };
export const FeatureFlags = z.strictObject(flagShape);
export type FeatureFlags = z.infer<typeof FeatureFlags>;

/** What the owner edits of the brand's settings. */
/** A tool's id as its vendor shows it (a counter number, a pixel id, GTM-XXXX, amoCRM's id and hash); empty: none. */
const ToolId = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, 'Letters, digits, - and _ only');

/** The brand's analytics and CRM ids (issue 31; each tool loads only with its flag on and its id set). */
export const AnalyticsIds = z.strictObject({
  yandexMetricsId: ToolId,
  metaPixelId: ToolId,
  metaPixelContent: z.string().trim().max(300),
  googleTagManagerId: ToolId,
  amoCRMId: ToolId,
  amoCRMHash: ToolId,
});

/** The brand's Yandex Maps key as Yandex's developer cabinet shows it (a UUID); empty: none, the maps are Leaflet's. */
export const YandexMapKey = z
  .string()
  .trim()
  .max(64)
  .regex(/^(?:[A-Za-z0-9-]{8,64})?$/, 'Letters, digits and - only, 8 to 64 of them');

const SettingsFields = z.strictObject({
  /** The brand's name (the merchants row: the storefront's header, the copyright, the tab title without a title). */
  name: z.string().trim().min(1).max(100),
  /** The tab title per content language (empty: the name). */
  title: Localized(200),
  /** The brand colour of buttons, the header and links. */
  mainColor: HexColor,
  /** Light or dark pages. */
  theme: ThemeType,
  /** Whether the brand colour is a dark one: white text on it, else black (where that reads: domain `textOnBrand`). */
  mainColorType: ThemeType,
  logo: PictureKey,
  /** The browser tab's icon (empty: the logo). */
  favicon: PictureKey,
  /** The interface languages the storefront offers (at least one; `mainLanguage` among them). */
  languages: z
    .array(UiLanguage)
    .min(1)
    .max(UI_LANGUAGES.length)
    .refine((l) => new Set(l).size === l.length, 'A language is named twice'),
  /** The language a first visit opens in. */
  mainLanguage: ContentLanguage,
  /** Every visitor reads this language and no switch is shown (null: they choose). */
  forcedLanguage: ContentLanguage.nullable(),
  flags: FeatureFlags,
  phone: ContactPhone,
  /** More phones for the contacts of the footer and the pages. */
  contacts: z.array(ContactPhone.refine((v) => v !== '', 'A phone number')).max(10),
  telegram: SocialLink,
  instagram: SocialLink,
  facebook: SocialLink,
  telegramBotLink: WebLink,
  iosAppLink: WebLink,
  androidAppLink: WebLink,
  leftCopyWrite: Localized(300),
  rightCopyWrite: Localized(300),
  mapType: MapType,
  /** The key of Yandex's maps and geocoder: with mapType YANDEX the storefront's maps are Yandex's (issue 31). */
  yandexMapKey: YandexMapKey,
  groupView: GroupView,
  categoryView: CategoryView,
  basketPosition: BasketPosition,
  modificationViewType: ModificationViewType,
  analytics: AnalyticsIds.partial(),
});

/** The settings as the API answers them (read leniently: what the storefront stores is shown as it is). */
export const AdminSettings = z.object({
  version: z.number().int(),
  name: z.string(),
  title: LocalizedText,
  mainColor: z.string(),
  theme: ThemeType,
  mainColorType: ThemeType.default('DARK'),
  logo: z.string(),
  favicon: z.string(),
  languages: z.array(UiLanguage),
  mainLanguage: ContentLanguage,
  forcedLanguage: ContentLanguage.nullable(),
  flags: z.object(flagShape),
  phone: z.string(),
  contacts: z.array(z.string()),
  telegram: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  telegramBotLink: z.string(),
  iosAppLink: z.string(),
  androidAppLink: z.string(),
  leftCopyWrite: LocalizedText,
  rightCopyWrite: LocalizedText,
  mapType: MapType,
  yandexMapKey: z.string().default(''),
  groupView: GroupView,
  categoryView: CategoryView,
  basketPosition: BasketPosition,
  modificationViewType: ModificationViewType,
  analytics: z
    .object({
      yandexMetricsId: z.string(),
      metaPixelId: z.string(),
      metaPixelContent: z.string(),
      googleTagManagerId: z.string(),
      amoCRMId: z.string(),
      amoCRMHash: z.string(),
    })
    .optional(),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

/**
 * `PUT /admin/v1/settings`: the version read, and the fields to change (a field left out keeps its value; `flags`
 * names only the flags it switches).
 */
export const SettingsWrite = SettingsFields.partial().extend({
  /** As read (0 for a brand that has no settings row yet). */
  version: z.number().int().min(0),
  flags: FeatureFlags.partial().optional(),
});
export type SettingsWrite = z.input<typeof SettingsWrite>;

/** What is wrong with settings as a whole (the API answers 400 naming the field; the console shows it beside it). */
export function settingsProblems(
  s: Pick<AdminSettings, 'languages' | 'mainLanguage' | 'forcedLanguage'>,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (!s.languages.includes(s.mainLanguage))
    problems.push({ field: 'mainLanguage', message: 'The main language must be one of the languages offered' });
  if (s.forcedLanguage && !s.languages.includes(s.forcedLanguage))
    problems.push({ field: 'forcedLanguage', message: 'The forced language must be one of the languages offered' });
  return problems;
}

// ── Payment accounts ──

/** A secret in a write: left out, the stored one is kept; a text replaces it; null removes it. */
const Secret = z.string().trim().min(1).max(256).nullable().optional();
const Digits = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, `${what}: digits`);
const common = { version: z.number().int().min(0), isActive: z.boolean() };

/** `PUT /admin/v1/payment-accounts/payme`: the cashbox, its mode, its KEY and TEST_KEY. `version` 0 creates the account. */
export const PaymeAccountWrite = z.strictObject({
  ...common,
  cashboxId: z.string().trim().min(1).max(64),
  /** Payme's sandbox: calls come with the TEST_KEY. */
  testMode: z.boolean(),
  key: Secret,
  testKey: Secret,
});
export type PaymeAccountWrite = z.input<typeof PaymeAccountWrite>;

/** `PUT /admin/v1/payment-accounts/click`: the service, the merchant, the merchant user (Merchant API) and the secret key. */
export const ClickAccountWrite = z.strictObject({
  ...common,
  serviceId: Digits('The service id'),
  merchantId: Digits('The merchant id'),
  merchantUserId: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, 'The merchant user id: digits'),
  secretKey: Secret,
});
export type ClickAccountWrite = z.input<typeof ClickAccountWrite>;

/** `PUT /admin/v1/payment-accounts/uzum`: the service, and the Basic login and password Uzum calls with. */
export const UzumAccountWrite = z.strictObject({
  ...common,
  serviceId: Digits('The service id'),
  login: z.string().trim().min(1).max(100),
  password: Secret,
});
export type UzumAccountWrite = z.input<typeof UzumAccountWrite>;

const accountCommon = {
  /** 0 while the brand has no account at the provider. */
  version: z.number().int(),
  /** The brand has an account at the provider. */
  configured: z.boolean(),
  isActive: z.boolean(),
  /** The secret the provider calls with now is set: without it no call authenticates. */
  secretSet: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
};

/** A brand's account at a provider as the back office reads it: the ids, and whether each secret is set (never the secret). */
export const AdminPaymentAccount = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('PAYME'),
    ...accountCommon,
    cashboxId: z.string(),
    testMode: z.boolean(),
    keySet: z.boolean(),
    testKeySet: z.boolean(),
  }),
  z.object({
    provider: z.literal('CLICK'),
    ...accountCommon,
    serviceId: z.string(),
    merchantId: z.string(),
    merchantUserId: z.string(),
    secretKeySet: z.boolean(),
  }),
  z.object({
    provider: z.literal('UZUM'),
    ...accountCommon,
    serviceId: z.string(),
    login: z.string(),
    passwordSet: z.boolean(),
  }),
]);
export type AdminPaymentAccount = z.infer<typeof AdminPaymentAccount>;
export const AdminPaymentAccountList = z.object({ content: z.array(AdminPaymentAccount) });
export type AdminPaymentAccountList = z.infer<typeof AdminPaymentAccountList>;

/** The providers as the API's paths name them. */
export const PAYMENT_ACCOUNT_PATHS = { payme: 'PAYME', click: 'CLICK', uzum: 'UZUM' } as const;

/** Whether the brand has its own geocoder key (issue 29): the key itself is never returned. */
export const GeocoderKeyState = z.object({ configured: z.boolean() });
export type GeocoderKeyState = z.infer<typeof GeocoderKeyState>;
/** Sets or replaces the brand's geocoder key; null removes it. */
export const GeocoderKeyWrite = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{8,200}$/, 'must be 8 to 200 printable characters without spaces')
    .nullable(),
});
export type GeocoderKeyWrite = z.infer<typeof GeocoderKeyWrite>;
