import type { CategoryViewType, LocalizedText, NavigationType, ScrollType, Unit } from '@dasturxon/domain';
import type { Art, BannerArt, LogoArt } from './art.ts';

/**
 * A demo brand's catalogue as plain data: what it sells and how its pictures look. It does not
 * depend on the clock, so the picture generator and the seed read the same source.
 */
export interface BrandCatalogue {
  sub: string;
  logo: LogoArt;
  /**
   * A brand that takes online payments gives each product its IKPU and package code for the fiscal receipt; the
   * demo's are sample codes in the classifier's shape (17 and 7 digits), not real entries of it.
   */
  fiscal?: { vatPercent: number };
  groups: GroupSpec[];
  banners: BannerSpec[];
  stories: StorySpec[];
}

export interface GroupSpec {
  key: string;
  name: LocalizedText;
  bgColor: string;
  iconBgColor: string;
  categories: CategorySpec[];
}

export interface CategorySpec {
  key: string;
  name: LocalizedText;
  art: Art;
  /** The soft circle behind every picture of the category. */
  backdrop: string;
  viewType: CategoryViewType;
  scrollType: ScrollType;
  navigationType: NavigationType;
  tags: string[];
  /** Typical cooking time of the category's dishes, in minutes. */
  cooking: [number, number];
  products: ProductSpec[];
}

export interface ProductSpec {
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  /** In whole so'm. */
  price: number;
  art: Art;
  discount?: number;
  calorie?: number;
  unit?: Unit;
  measure?: number;
  labels?: LocalizedText[];
  tags?: string[];
  /** Stock left; absent means not counted. */
  count?: number;
  recommend?: boolean;
  /** False for a product taken off the menu: it must never be shown. */
  active?: boolean;
  modifiers?: ModifierGroupSpec[];
}

export interface ModifierGroupSpec {
  key: string;
  name: LocalizedText;
  min: number;
  max: number;
  options: ModifierOptionSpec[];
}

export interface ModifierOptionSpec {
  key: string;
  name: LocalizedText;
  price: number;
  /** A media key, when the option has a picture of its own. */
  image?: string;
}

export interface BannerSpec {
  key: string;
  title: LocalizedText;
  art: BannerArt;
  productSlug?: string;
}

export interface StorySpec {
  key: string;
  title: LocalizedText;
  from: string;
  to: string;
  cover: Art;
  slides: { art: Art; text: LocalizedText }[];
  /** The story is shown from `now + startDays` to `now + endDays`. */
  startDays: number;
  endDays: number;
}

export const L = (ru: string, uz: string, eng: string): LocalizedText => ({ ru, uz, eng });

export const LABELS = {
  hit: L('Хит', 'Xit', 'Hit'),
  new: L('Новинка', 'Yangi', 'New'),
  spicy: L('Острое', 'Achchiq', 'Spicy'),
  veggie: L('Вегетарианское', 'Vegetarian', 'Vegetarian'),
} as const;

/** Keys of the demo pictures, relative to the media folder (domain `imageUrl` adds `/media/`). */
export const mediaKey = {
  logo: (sub: string) => `demo/${sub}/logo.svg`,
  favicon: (sub: string) => `demo/${sub}/favicon.svg`,
  product: (sub: string, slug: string) => `demo/${sub}/products/${slug}.svg`,
  category: (sub: string, key: string) => `demo/${sub}/categories/${key}.svg`,
  banner: (sub: string, key: string) => `demo/${sub}/banners/${key}.svg`,
  storyPreview: (sub: string, key: string) => `demo/${sub}/stories/${key}.svg`,
  storySlide: (sub: string, key: string, index: number) => `demo/${sub}/stories/${key}-${index + 1}.svg`,
  placeholder: 'placeholder.svg',
};

export const allProducts = (c: BrandCatalogue): { product: ProductSpec; category: CategorySpec; group: GroupSpec }[] =>
  c.groups.flatMap((group) => group.categories.flatMap((category) => category.products.map((product) => ({ product, category, group }))));
