import { z } from 'zod';
import { CategoryViewType, MenuSource, NavigationType, PolicyType, ProductType, ScrollType, Unit } from './enums.ts';
import { LocalizedText } from './languages.ts';

/*
 * The catalogue calls of docs/spec-index.md section 7: the overall menu, one product, grades, and the merchant's
 * content (brand catalog, banners, stories, company policies). Prices are whole so'm.
 */

const Amount = z.number().int().min(0);
const Priority = z.number().int();

export const Modification = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  name: LocalizedText,
  image: z.string(),
  price: Amount,
  priority: Priority,
  /** The brand's usual choice (a size), chosen for the customer when the product opens; absent: false. */
  isDefault: z.boolean().optional(),
});
export type Modification = z.infer<typeof Modification>;

/** A choice on a product: the customer picks between `min` and `max` of its modifications (counts summed). */
export const ModificationGroup = z.object({
  id: z.uuid(),
  name: LocalizedText,
  min: z.number().int().min(0),
  max: z.number().int().min(0),
  priority: Priority,
  modifications: z.array(Modification),
});
export type ModificationGroup = z.infer<typeof ModificationGroup>;

export const ProductBranch = z.object({ branchId: z.uuid(), isActive: z.boolean() });
export type ProductBranch = z.infer<typeof ProductBranch>;

export const Product = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  groupId: z.uuid().nullable(),
  name: LocalizedText,
  description: LocalizedText,
  image: z.string(),
  gallery: z.array(z.string()),
  /** The price before the product's discount: the old price a card strikes through when discounted. */
  costPrice: Amount,
  /** Percent of the cost price, 0 to 100. */
  discount: z.number().min(0).max(100),
  /** The "was" price the back office sets (shown struck through, never charged); null for none. Domain `struckPrice`. */
  oldPrice: Amount.nullable(),
  /** What one unit costs after the product's discount (domain `priceLine`), before modifications. */
  price: Amount,
  additionalPrice: Amount,
  unit: Unit,
  type: ProductType,
  /** Stock left; null means not counted. */
  count: z.number().int().nullable(),
  amount: z.number().nullable(),
  calorie: z.number().int().nullable(),
  measure: z.number().nullable(),
  priority: Priority,
  labels: z.array(LocalizedText),
  tags: z.array(z.string()),
  timeCookingMin: z.number().int().nullable(),
  timeCookingMax: z.number().int().nullable(),
  /** The merchant's own switch (stop list). */
  isAvailable: z.boolean(),
  deliveryEnabled: z.boolean(),
  enabledEats: z.boolean(),
  eatsPrice: z.number().int().nullable(),
  enabledExpress: z.boolean(),
  expressPrice: z.number().int().nullable(),
  isCartRecommendation: z.boolean(),
  systems: z.array(z.string()),
  /** Branch exceptions: a row with isActive false is not sold at that branch. */
  productBranch: z.array(ProductBranch),
  modificationGroups: z.array(ModificationGroup),
  /** False when counted stock has run out. */
  inStock: z.boolean(),
  /** False when the asked branch does not sell it; true when no branch was asked. */
  isAvailableAtBranch: z.boolean(),
  /** Available, in stock and sold at the branch: what the add button follows. */
  isOrderable: z.boolean(),
  /**
   * The signed-in customer's favourite (issue 31): true in the favourites list and in `GET /products/v1/{id}` asked with
   * their token. The shared menu document (overalls) is the same for everyone and always says false; the storefront
   * marks the hearts from the favourites list.
   */
  favourite: z.boolean(),
});
export type Product = z.infer<typeof Product>;

export const Category = z.object({
  id: z.uuid(),
  groupId: z.uuid().nullable(),
  name: LocalizedText,
  image: z.string(),
  priority: Priority,
  textColor: z.string(),
  viewType: CategoryViewType,
  scrollType: ScrollType,
  navigationType: NavigationType,
  isWithoutCart: z.boolean(),
});
export type Category = z.infer<typeof Category>;

export const Group = z.object({
  id: z.uuid(),
  name: LocalizedText,
  icon: z.string(),
  image: z.string(),
  bgColor: z.string(),
  iconBgColor: z.string(),
  priority: Priority,
});
export type Group = z.infer<typeof Group>;

/**
 * `GET /products/v1/overalls`: the whole menu of a channel as one document. Groups and categories
 * by priority; products by their category's place, then orderable, off for now, not sold at the
 * branch (domain `orderMenu`), then priority.
 */
export const Overalls = z.object({
  type: MenuSource,
  branchId: z.uuid().nullable(),
  groups: z.array(Group),
  categories: z.array(Category),
  products: z.array(Product),
});
export type Overalls = z.infer<typeof Overalls>;

export const OverallsQuery = z.object({
  type: MenuSource.default('WEB'),
  /** Marks and sorts by what this branch sells. */
  branchId: z.uuid().optional(),
});
export type OverallsQuery = z.infer<typeof OverallsQuery>;

export const ProductParams = z.object({ id: z.uuid() });
export const ProductQuery = z.object({ branchId: z.uuid().optional() });

/** Customers' grades of a product: the average to one decimal, and how many graded it. */
export const ProductGrade = z.object({
  productId: z.uuid(),
  grade: z.number().min(0),
  count: z.number().int().min(1),
});
export type ProductGrade = z.infer<typeof ProductGrade>;

/** A brand entry: a tab of multi-tab navigation. */
export const BrandEntry = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  name: z.string(),
  domainUrl: z.string().nullable(),
  color: z.string(),
  image: z.string(),
});
export type BrandEntry = z.infer<typeof BrandEntry>;

export const Banner = z.object({
  id: z.uuid(),
  title: LocalizedText,
  image: z.string(),
  /** Where a tap leads: an internal path or an address; empty for none. */
  link: z.string(),
  /** A tap opens this product when set. */
  productId: z.uuid().nullable(),
  priority: Priority,
});
export type Banner = z.infer<typeof Banner>;

export const StorySlide = z.object({
  image: z.string(),
  text: LocalizedText.optional(),
  link: z.string().optional(),
});
export type StorySlide = z.infer<typeof StorySlide>;

export const Story = z.object({
  id: z.uuid(),
  title: LocalizedText,
  /** The round picture in the stories row. */
  preview: z.string(),
  slides: z.array(StorySlide),
  /** ISO 8601; the story shows while startsAt <= now < endsAt. */
  startsAt: z.string(),
  endsAt: z.string(),
  priority: Priority,
});
export type Story = z.infer<typeof Story>;

export const PoliciesQuery = z.object({ policies: PolicyType });
export type PoliciesQuery = z.infer<typeof PoliciesQuery>;

export const CompanyPolicy = z.object({ type: PolicyType, text: LocalizedText });
export type CompanyPolicy = z.infer<typeof CompanyPolicy>;
