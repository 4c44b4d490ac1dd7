import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import {
  AppError,
  byPriority,
  orderMenu,
  priceLine,
  menuAvailability,
  sum,
  type Category,
  type Group,
  type MenuAvailability,
  type MenuSource,
  type ModificationGroup,
  type Overalls,
  type Product,
  type ProductGrade,
} from '@dasturxon/domain';
import type { CatalogueChanges } from './catalogue-changes.ts';
import type { Clock } from '../../clock.ts';
import type {
  CatalogueRepository,
  MenuRows,
  ModificationGroupRow,
  ModificationRow,
  ProductBranchRow,
  ProductRow,
} from './catalogue.repository.ts';

/** A built menu, serialized once: the same bytes (and their compressed forms) serve every request until it changes. */
export interface MenuDocument {
  /** A strong validator: a hash of the bytes, so equal menus get equal tags on every instance. */
  etag: string;
  body: Buffer;
  encoded: Partial<Record<ContentEncoding, Promise<Buffer>>>;
}

export type ContentEncoding = 'br' | 'gzip';

/** Within this age a cached menu is served without asking the database anything. */
export const MENU_FRESH_MS = 2_000;
/**
 * After this age a menu is rebuilt even when its version did not move: the version covers products
 * and branch exceptions, and this bounds how long an edit of a category or a modification takes to show.
 */
export const MENU_MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 500;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** A product's choices; for a branch, without the modifications its staff switched off there (the quote refuses those). */
function toModificationGroups(
  groupRows: readonly ModificationGroupRow[],
  modsByGroup: Map<string, ModificationRow[]>,
  branchId: string | null,
): ModificationGroup[] {
  const out: ModificationGroup[] = [];
  for (const g of [...groupRows].sort(byPriority)) {
    const mods = (modsByGroup.get(g.id) ?? []).filter((m) => !branchId || !m.stoppedAt.includes(branchId)).sort(byPriority);
    // An optional choice with nothing left to choose is noise; a required one stays so the gap shows.
    if (mods.length === 0 && g.min === 0) continue;
    out.push({
      id: g.id,
      name: g.name,
      min: g.min,
      max: g.max,
      priority: g.priority,
      modifications: mods.map((m) => ({
        id: m.id,
        groupId: m.groupId,
        name: m.name,
        image: m.image,
        price: m.price,
        priority: m.priority,
        isDefault: m.isDefault,
      })),
    });
  }
  return out;
}

function toProduct(
  p: ProductRow & MenuAvailability,
  groupId: string | null,
  productBranch: readonly ProductBranchRow[],
  modificationGroups: ModificationGroup[],
): Product {
  return {
    id: p.id,
    categoryId: p.categoryId,
    groupId,
    name: p.name,
    description: p.description,
    image: p.image,
    gallery: p.gallery,
    costPrice: p.costPrice,
    discount: p.discount,
    oldPrice: p.oldPrice,
    price: priceLine({ costPrice: sum(p.costPrice), discountPercent: p.discount, quantity: 1, modifications: [] }).net,
    additionalPrice: p.additionalPrice,
    unit: p.unit,
    type: p.type,
    count: p.count,
    amount: p.amount,
    calorie: p.calorie,
    measure: p.measure,
    priority: p.priority,
    labels: p.labels,
    tags: p.tags,
    timeCookingMin: p.timeCookingMin,
    timeCookingMax: p.timeCookingMax,
    isAvailable: p.isAvailable,
    deliveryEnabled: p.deliveryEnabled,
    enabledEats: p.enabledEats,
    eatsPrice: p.eatsPrice,
    enabledExpress: p.enabledExpress,
    expressPrice: p.expressPrice,
    isCartRecommendation: p.isCartRecommendation,
    systems: p.systems,
    productBranch: productBranch.map((b) => ({ branchId: b.branchId, isActive: b.isActive })),
    modificationGroups,
    inStock: p.inStock,
    isAvailableAtBranch: p.isAvailableAtBranch,
    isOrderable: p.isOrderable,
    // The shared document is nobody's: the signed-in customer's favourites are marked by the caller (catalogue.routes.ts, the storefront).
    favourite: false,
  };
}

const toCategory = (c: MenuRows['categories'][number]): Category => ({
  id: c.id,
  groupId: c.groupId,
  name: c.name,
  image: c.image,
  priority: c.priority,
  textColor: c.textColor,
  viewType: c.viewType,
  scrollType: c.scrollType,
  navigationType: c.navigationType,
  isWithoutCart: c.isWithoutCart,
});

const toGroup = (g: MenuRows['groups'][number]): Group => ({
  id: g.id,
  name: g.name,
  icon: g.icon,
  image: g.image,
  bgColor: g.bgColor,
  iconBgColor: g.iconBgColor,
  priority: g.priority,
});

/** The menu document of a channel, marked and ordered for a branch by the domain's menu rules. */
export function buildOveralls(rows: MenuRows, source: MenuSource, branchId: string | null): Overalls {
  const groupOfCategory = new Map(rows.categories.map((c) => [c.id, c.groupId]));
  const modsByGroup = groupBy(rows.modifications, (m) => m.groupId);
  const choicesByProduct = groupBy(rows.modificationGroups, (g) => g.productId);
  const branchesByProduct = groupBy(rows.productBranches, (b) => b.productId);
  const menu = orderMenu(
    {
      groups: rows.groups,
      categories: rows.categories,
      products: rows.products.map((p) => ({ ...p, productBranch: branchesByProduct.get(p.id) ?? [] })),
    },
    { source, branchId },
  );
  return {
    type: source,
    branchId,
    groups: menu.groups.map(toGroup),
    categories: menu.categories.map(toCategory),
    products: menu.products.map((p) =>
      toProduct(
        p,
        groupOfCategory.get(p.categoryId) ?? null,
        p.productBranch,
        toModificationGroups(choicesByProduct.get(p.id) ?? [], modsByGroup, branchId),
      ),
    ),
  };
}

export function documentOf(value: unknown): MenuDocument {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { etag, body, encoded: {} };
}

/** The compressed form of a document, made once (off the event loop) and kept with it. */
export function encodedBody(doc: MenuDocument, encoding: ContentEncoding): Promise<Buffer> {
  let pending = doc.encoded[encoding];
  if (!pending) {
    pending =
      encoding === 'br'
        ? brotli(doc.body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: doc.body.length,
            },
          })
        : gzipAsync(doc.body, { level: 9 });
    doc.encoded[encoding] = pending;
  }
  return pending;
}

interface CacheEntry {
  version: string;
  builtAt: number;
  /** The catalogue changes' mark taken before the build (catalogue-changes.ts). */
  mark: number;
  doc: MenuDocument;
}

export interface CatalogueServiceDeps {
  repo: CatalogueRepository;
  clock: Clock;
  /**
   * What the process hears of catalogue changes (LISTEN dx_catalogue): a kept menu whose brand changed since it was built
   * is built again at once (a category's rename included, which no version covers); otherwise the ages and the version
   * below decide, as they do while nothing is heard.
   */
  changes?: Pick<CatalogueChanges, 'hearing' | 'unchanged' | 'mark'>;
}

export function createCatalogueService({ repo, clock, changes }: CatalogueServiceDeps) {
  const menus = new Map<string, CacheEntry>();
  /** Per merchant: the last version read and when, so one version query serves every menu of the merchant for a while. */
  const versions = new Map<string, { value: string; checkedAt: number }>();
  /** Builds under way: concurrent cold requests share one. */
  const building = new Map<string, Promise<CacheEntry>>();

  const now = () => clock.now().getTime();
  const ageOf = (at: number) => {
    const age = now() - at;
    // A clock moved backwards (tests do) makes every entry stale rather than fresh for ever.
    return age < 0 ? Number.POSITIVE_INFINITY : age;
  };

  async function currentVersion(merchantId: string): Promise<string> {
    const known = versions.get(merchantId);
    if (known && ageOf(known.checkedAt) < MENU_FRESH_MS) return known.value;
    const value = await repo.menuVersion(merchantId);
    if (versions.size > MAX_ENTRIES) versions.clear();
    versions.set(merchantId, { value, checkedAt: now() });
    return value;
  }

  async function build(
    merchantId: string,
    source: MenuSource,
    branchId: string | null,
    version: string,
    mark: number,
  ): Promise<CacheEntry> {
    if (branchId && !(await repo.branchExists(merchantId, branchId))) throw new AppError('BRANCH_NOT_FOUND');
    const rows = await repo.menuRows(merchantId);
    return { version, builtAt: now(), mark, doc: documentOf(buildOveralls(rows, source, branchId)) };
  }

  return {
    /** The menu document of a channel (and branch): from memory while it is current, else built once for everyone waiting. */
    async overalls(merchantId: string, source: MenuSource, branchId: string | null): Promise<MenuDocument> {
      const key = `${merchantId}|${source}|${branchId ?? ''}`;
      const cached = menus.get(key);
      // A change of the brand heard since the build (catalogue-changes.ts) makes it stale at once; otherwise the ages and
      // the version decide, as they do while nothing is heard.
      const stale = cached !== undefined && changes !== undefined && changes.hearing() && !changes.unchanged(merchantId, cached.mark);
      if (cached && !stale && ageOf(cached.builtAt) < MENU_FRESH_MS) return cached.doc;
      const mark = changes?.mark() ?? 0;
      if (stale) versions.delete(merchantId);
      const version = await currentVersion(merchantId);
      if (cached && !stale && cached.version === version && ageOf(cached.builtAt) < MENU_MAX_AGE_MS) return cached.doc;
      let pending = building.get(key);
      if (!pending) {
        pending = build(merchantId, source, branchId, version, mark).finally(() => building.delete(key));
        building.set(key, pending);
      }
      const entry = await pending;
      if (menus.size >= MAX_ENTRIES && !menus.has(key)) menus.delete(menus.keys().next().value!);
      menus.set(key, entry);
      return entry.doc;
    },

    /** One product as the menu shows it; another merchant's, an inactive one or one in a switched-off category is not found. */
    async product(merchantId: string, productId: string, branchId: string | null): Promise<Product> {
      if (branchId && !(await repo.branchExists(merchantId, branchId))) throw new AppError('BRANCH_NOT_FOUND');
      const found = await repo.productRows(merchantId, productId);
      if (!found) throw new AppError('PRODUCT_NOT_FOUND');
      const { product, modificationGroups, modifications, productBranches } = found;
      const { groupId, categoryActive: _categoryActive, ...row } = product;
      // The menu's own rule marks it, so a product page says what its card says.
      const marks = menuAvailability({ ...row, productBranch: productBranches }, branchId);
      const choices = toModificationGroups(
        modificationGroups,
        groupBy(modifications, (m) => m.groupId),
        branchId,
      );
      return toProduct({ ...row, ...marks }, groupId, productBranches, choices);
    },

    /**
     * The merchant's menu version, read at most once per MENU_FRESH_MS: what else prices from the
     * catalogue (the quote) compares it to know when to read again.
     */
    version: currentVersion,

    async grades(merchantId: string, source: MenuSource = 'WEB'): Promise<ProductGrade[]> {
      return repo.grades(merchantId, source);
    },

    /** Forget every cached menu (after an import, say). */
    invalidate(): void {
      menus.clear();
      versions.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
