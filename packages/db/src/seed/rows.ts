import { DEFAULT_TIME_ZONE, type StaffRole } from '@dasturxon/domain';
import {
  SETTINGS_FLAG_DEFAULTS,
  SETTINGS_FLAGS,
  SETTINGS_TEXT_FIELDS,
  type LocalizedText,
  type SettingsChannel,
  type SettingsFlag,
  type SettingsTextField,
  type WorkDay,
  type WorkHoursType,
} from '@dasturxon/domain';
import type {
  BranchSettingsJson,
  banners,
  branches,
  brands,
  categories,
  cities,
  companyPolicies,
  deliveryZones,
  groups,
  merchants,
  merchantSecrets,
  merchantSettings,
  modificationGroups,
  modifications,
  productBranches,
  products,
  promos,
  serviceFeeSettings,
  stories,
  workHours,
  halls,
  diningTables,
} from '../schema/index.ts';
import type { vacancies } from '../schema/vacancies.ts';
import type { PaymentAccount } from '../payment-accounts.ts';
import type { TelegramBotAccount } from '../telegram-bot.ts';
import { allProducts, mediaKey, type BrandCatalogue } from './catalogue.ts';
import { ids } from './ids.ts';
import { policyTexts, type PolicyInput } from './policies.ts';

/** Every row of one demo merchant, ready to write. */
export interface MerchantRows {
  merchant: typeof merchants.$inferInsert & { id: string };
  secrets: typeof merchantSecrets.$inferInsert;
  settings: (typeof merchantSettings.$inferInsert)[];
  brands: (typeof brands.$inferInsert)[];
  cities: (typeof cities.$inferInsert)[];
  branches: (typeof branches.$inferInsert & { id: string })[];
  workHours: (typeof workHours.$inferInsert)[];
  zones: (typeof deliveryZones.$inferInsert)[];
  policies: (typeof companyPolicies.$inferInsert)[];
  groups: (typeof groups.$inferInsert)[];
  categories: (typeof categories.$inferInsert & { id: string })[];
  products: (typeof products.$inferInsert & { id: string })[];
  modificationGroups: (typeof modificationGroups.$inferInsert)[];
  modifications: (typeof modifications.$inferInsert)[];
  productBranches: (typeof productBranches.$inferInsert)[];
  banners: (typeof banners.$inferInsert & { id: string })[];
  stories: (typeof stories.$inferInsert & { id: string })[];
  promos: (typeof promos.$inferInsert & { id: string })[];
  /** The halls and tables of the brand's dine-in branches (issue 32). */
  halls?: (typeof halls.$inferInsert & { id: string })[];
  tables?: (typeof diningTables.$inferInsert & { id: string })[];
  serviceFees: (typeof serviceFeeSettings.$inferInsert)[];
  /** The brand's payment provider accounts, in the clear: the writer seals them (payment_accounts). */
  paymentAccounts?: PaymentAccount[];
  /** The brand's Telegram bot, its token and webhook secret in the clear: the writer seals them (merchant_secrets). */
  telegramBot?: TelegramBotAccount;
  /** The brand's staff with their passwords in the clear: the writer hashes them (staff). */
  staff?: DemoStaff[];
  /** The brand's vacancies (issue 31). */
  vacancies?: (typeof vacancies.$inferInsert & { id: string })[];
}

/** A demo staff account (the README lists them): the console's login. */
export interface DemoStaff {
  id: string;
  phone: string;
  name: string;
  role: StaffRole;
  branchIds: string[];
  password: string;
}

type SettingsRow = typeof merchantSettings.$inferInsert;
type SettingsExtras = Omit<SettingsRow, 'merchantId' | 'channel' | SettingsFlag | SettingsTextField>;

export interface SettingsInput {
  flags: Partial<Record<SettingsFlag, boolean>>;
  texts: Partial<Record<SettingsTextField, string>>;
  extras: SettingsExtras;
}

/** A full settings row: every flag and text is written, so a rerun resets anything changed by hand. */
export function settingsRow(merchantId: string, channel: SettingsChannel, input: SettingsInput): SettingsRow {
  const flags = Object.fromEntries(SETTINGS_FLAGS.map((f) => [f, input.flags[f] ?? SETTINGS_FLAG_DEFAULTS[f]])) as Record<
    SettingsFlag,
    boolean
  >;
  const texts = Object.fromEntries(SETTINGS_TEXT_FIELDS.map((f) => [f, input.texts[f] ?? ''])) as Record<SettingsTextField, string>;
  return {
    merchantId,
    channel,
    ...flags,
    ...texts,
    yandexMetricsKeys: [],
    contacts: [],
    forcedLanguage: null,
    groupView: 'GROUP',
    categoryView: 'ALL',
    basketPosition: 'NAVIGATION_BAR',
    modificationViewType: 'NAME_ONLY',
    ...input.extras,
  };
}

export interface BranchSpec {
  key: string;
  cityKey: string;
  name: LocalizedText;
  address: string;
  latitude: number;
  longitude: number;
  phone: string;
  isMain?: boolean;
  deliveryPrice: number;
  deliveryMinAmount: number;
  settings: BranchSettingsJson;
  hours: WorkDay[];
  hourTypes: WorkHoursType[];
}

/** Tashkent, the main city of every demo brand (each brand keeps its own row, under its own id). */
export function tashkentCity(id: string, merchantId: string): typeof cities.$inferInsert {
  return {
    id,
    merchantId,
    name: { ru: 'Ташкент', uz: 'Toshkent', eng: 'Tashkent' },
    description: '',
    latitude: 41.2995,
    longitude: 69.2401,
    isMain: true,
    isTaximeter: false,
    timeZone: DEFAULT_TIME_ZONE,
    taximeterCommentUz: '',
    taximeterCommentRu: '',
    taximeterCommentEn: '',
    priority: 0,
  };
}

export function branchRows(sub: string, specs: BranchSpec[]): Pick<MerchantRows, 'branches' | 'workHours'> {
  const merchantId = ids.merchant(sub);
  return {
    branches: specs.map((b, i) => ({
      id: ids.branch(sub, b.key),
      merchantId,
      cityId: ids.city(sub, b.cityKey),
      name: b.name,
      address: b.address,
      latitude: b.latitude,
      longitude: b.longitude,
      phone: b.phone,
      bookingPhone: b.settings.bookingEnabled ? b.phone : '',
      isActive: true,
      isMain: b.isMain ?? false,
      deleted: false,
      deliveryPrice: b.deliveryPrice,
      deliveryStart: null,
      deliveryEnd: null,
      deliveryMinAmount: b.deliveryMinAmount,
      joinPosterId: null,
      jowiId: null,
      iikoId: null,
      companyId: null,
      paymentId: null,
      settings: b.settings,
      priority: i,
    })),
    workHours: specs.flatMap((b) =>
      b.hourTypes.flatMap((type) =>
        b.hours.map((d) => ({
          merchantId,
          branchId: ids.branch(sub, b.key),
          type,
          weekName: d.weekName,
          open: d.open,
          close: d.close,
          extraOpen: d.extraOpen,
          extraClose: d.extraClose,
          isDayOff: d.isDayOff,
        })),
      ),
    ),
  };
}

export function policyRows(sub: string, input: PolicyInput): MerchantRows['policies'] {
  return policyTexts(input).map((p) => ({ merchantId: ids.merchant(sub), type: p.type, text: p.text }));
}

/** Groups, categories, products and their modifiers, straight from the catalogue. */
export function catalogueRows(
  catalogue: BrandCatalogue,
  now: Date,
): Pick<MerchantRows, 'groups' | 'categories' | 'products' | 'modificationGroups' | 'modifications'> {
  const sub = catalogue.sub;
  const merchantId = ids.merchant(sub);
  const rows: Pick<MerchantRows, 'groups' | 'categories' | 'products' | 'modificationGroups' | 'modifications'> = {
    groups: [],
    categories: [],
    products: [],
    modificationGroups: [],
    modifications: [],
  };
  catalogue.groups.forEach((group, gi) => {
    const cover = group.categories[0] ? mediaKey.category(sub, group.categories[0].key) : '';
    rows.groups.push({
      id: ids.group(sub, group.key),
      merchantId,
      name: group.name,
      icon: cover,
      image: cover,
      bgColor: group.bgColor,
      iconBgColor: group.iconBgColor,
      priority: gi,
    });
  });
  let categoryPriority = 0;
  for (const group of catalogue.groups) {
    for (const category of group.categories) {
      rows.categories.push({
        id: ids.category(sub, category.key),
        merchantId,
        groupId: ids.group(sub, group.key),
        name: category.name,
        image: mediaKey.category(sub, category.key),
        priority: categoryPriority++,
        textColor: '',
        viewType: category.viewType,
        scrollType: category.scrollType,
        navigationType: category.navigationType,
        isWithoutCart: false,
        active: true,
      });
    }
  }
  allProducts(catalogue).forEach(({ product: p, category }, i) => {
    const productId = ids.product(sub, p.slug);
    const image = mediaKey.product(sub, p.slug);
    const isHit = (p.labels ?? []).some((l) => l.eng === 'Hit');
    rows.products.push({
      id: productId,
      merchantId,
      categoryId: ids.category(sub, category.key),
      name: p.name,
      description: p.description,
      image,
      // Best sellers get a second picture so the product card's gallery has something to swipe.
      gallery: isHit ? [image, mediaKey.category(sub, category.key)] : [],
      costPrice: p.price,
      discount: p.discount ?? 0,
      additionalPrice: 0,
      unit: p.unit ?? 'COUNT',
      type: 'NONE',
      count: p.count ?? null,
      amount: null,
      calorie: p.calorie ?? null,
      measure: p.measure ?? null,
      priority: i,
      labels: p.labels ?? [],
      tags: [...category.tags, ...(p.tags ?? [])],
      barcode: null,
      mxicCode: catalogue.fiscal ? `10899${String(i + 1).padStart(12, '0')}` : null,
      packageCode: catalogue.fiscal ? '1500001' : null,
      vatPercent: catalogue.fiscal?.vatPercent ?? 12,
      timeCookingMin: category.cooking[0],
      timeCookingMax: category.cooking[1],
      isAvailable: true,
      active: p.active ?? true,
      deliveryEnabled: true,
      enabledEats: false,
      eatsPrice: null,
      enabledExpress: false,
      expressPrice: null,
      isCartRecommendation: p.recommend ?? false,
      systems: ['WEB', 'TELEGRAM', 'QR', 'APP'],
      updatedAt: now,
    });
    (p.modifiers ?? []).forEach((g, gi) => {
      const groupId = ids.modificationGroup(sub, p.slug, g.key);
      rows.modificationGroups.push({ id: groupId, merchantId, productId, name: g.name, min: g.min, max: g.max, priority: gi });
      g.options.forEach((o, oi) =>
        rows.modifications.push({
          id: ids.modification(sub, p.slug, g.key, o.key),
          merchantId,
          productId,
          groupId,
          name: o.name,
          image: o.image ?? '',
          price: o.price,
          priority: oi,
          active: true,
        }),
      );
    });
  });
  return rows;
}

/** Products sold only at some branches: a row that switches each other branch off. */
export function availabilityRows(sub: string, allBranchKeys: string[], soldAt: Record<string, string[]>): MerchantRows['productBranches'] {
  return Object.entries(soldAt).flatMap(([slug, keys]) =>
    allBranchKeys.map((key) => ({
      merchantId: ids.merchant(sub),
      productId: ids.product(sub, slug),
      branchId: ids.branch(sub, key),
      isActive: keys.includes(key),
    })),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

export function mediaRows(catalogue: BrandCatalogue, now: Date): Pick<MerchantRows, 'banners' | 'stories'> {
  const sub = catalogue.sub;
  const merchantId = ids.merchant(sub);
  return {
    banners: catalogue.banners.map((b, i) => ({
      id: ids.banner(sub, b.key),
      merchantId,
      title: b.title,
      image: mediaKey.banner(sub, b.key),
      link: '',
      productId: b.productSlug ? ids.product(sub, b.productSlug) : null,
      priority: i,
      active: true,
    })),
    stories: catalogue.stories.map((s, i) => ({
      id: ids.story(sub, s.key),
      merchantId,
      title: s.title,
      preview: mediaKey.storyPreview(sub, s.key),
      slides: s.slides.map((slide, n) => ({ image: mediaKey.storySlide(sub, s.key, n), text: slide.text })),
      startsAt: daysFrom(now, s.startDays),
      endsAt: daysFrom(now, s.endDays),
      priority: i,
      active: true,
    })),
  };
}

/** The calendar year at `now` in a time zone, for copyright lines. */
export const yearIn = (now: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now);
