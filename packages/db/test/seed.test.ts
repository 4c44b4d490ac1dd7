import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  areaContains,
  distanceMeters,
  imageUrl,
  isOpenAt,
  localTime,
  todayHours,
  type LocalizedText,
  type WorkHoursType,
} from '@dasturxon/domain';
import { MerchantSettings, WorkDay } from '@dasturxon/domain/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database, type Db } from '../src/client.ts';
import * as s from '../src/schema/index.ts';
import { DEMO, seedDemo } from '../src/seed/index.ts';
import { demoPictures, MEDIA_DIR } from '../src/seed/pictures.ts';

// A Friday morning in Tashkent (14:30 local).
const NOW = new Date('2025-03-14T09:30:00Z');
const MERCHANTS = [DEMO.tezkor.id, DEMO.navbahor.id, DEMO.yopiq.id];
const TABLES = [
  'merchants',
  'merchant_secrets',
  'merchant_settings',
  'brands',
  'cities',
  'branches',
  'work_hours',
  'delivery_zones',
  'company_policies',
  'groups',
  'categories',
  'products',
  'modification_groups',
  'modifications',
  'product_branches',
  'banners',
  'stories',
  'promos',
  'service_fee_settings',
] as const;

interface Target {
  name: string;
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    async open() {
      const database = await openDatabase();
      return { database, dispose: () => database.close() };
    },
  },
];

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  targets.push({
    name: 'PostgreSQL',
    async open() {
      const name = `dasturxon_seed_${randomBytes(6).toString('hex')}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
      };
      await admin(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      return {
        database,
        async dispose() {
          await database.close();
          await admin(`drop database if exists ${name} with (force)`);
        },
      };
    },
  });
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Row count and a digest of every row, per table: equal digests mean equal contents. */
async function snapshot(db: Db): Promise<Record<string, { n: number; digest: string }>> {
  const out: Record<string, { n: number; digest: string }> = {};
  for (const table of TABLES) {
    const [row] = await rowsOf<{ n: number; digest: string | null }>(
      db,
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`),
    );
    out[table] = { n: row!.n, digest: row!.digest ?? '' };
  }
  return out;
}

async function hoursOf(db: Db, branchId: string, type: WorkHoursType = 'PICK_UP'): Promise<{ days: WorkDay[]; timeZone: string }> {
  const rows = await db
    .select()
    .from(s.workHours)
    .where(and(eq(s.workHours.branchId, branchId), eq(s.workHours.type, type)));
  const [city] = await db
    .select({ timeZone: s.cities.timeZone })
    .from(s.branches)
    .innerJoin(s.cities, eq(s.branches.cityId, s.cities.id))
    .where(eq(s.branches.id, branchId));
  return {
    days: rows.map((r) =>
      WorkDay.parse({
        weekName: r.weekName,
        open: r.open,
        close: r.close,
        extraOpen: r.extraOpen,
        extraClose: r.extraClose,
        isDayOff: r.isDayOff,
      }),
    ),
    timeZone: city!.timeZone,
  };
}

const expectLocalized = (where: string, text: LocalizedText | null | undefined) => {
  for (const lang of ['ru', 'uz', 'eng'] as const) {
    expect(text?.[lang]?.trim(), `${where} has no ${lang} text`).toBeTruthy();
  }
};

const MINUTE = 60_000;

describe('demo pictures', () => {
  const pictures = demoPictures();

  it('the committed files are what the generator draws', () => {
    for (const [key, svg] of pictures) {
      const path = join(MEDIA_DIR, key);
      expect(existsSync(path), `${key} is missing: run node --import tsx packages/db/src/seed/pictures.ts`).toBe(true);
      expect(readFileSync(path, 'utf8'), `${key} is stale: regenerate the pictures`).toBe(svg);
    }
  });

  it('stay small and are valid SVG the image service can read', async () => {
    let total = 0;
    for (const [key, svg] of pictures) {
      total += Buffer.byteLength(svg);
      expect(Buffer.byteLength(svg), key).toBeLessThan(6 * 1024);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta.format, key).toBe('svg');
    }
    expect(total).toBeLessThan(400 * 1024);
  });
});

describe.each(targets)('demo seed on $name', (target) => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;
  let db: Db;

  beforeAll(async () => {
    const opened = await target.open();
    database = opened.database;
    dispose = opened.dispose;
    db = database.db;
    await migrateDatabase(database);
    await seedDemo(db, { now: NOW });
  });

  afterAll(async () => {
    await dispose?.();
  });

  it('writes the three brands with the agreed subs, names and domains', async () => {
    const merchants = await db.select().from(s.merchants).where(inArray(s.merchants.id, MERCHANTS));
    const bySub = Object.fromEntries(merchants.map((m) => [m.sub, m]));
    expect(bySub.tezkor).toMatchObject({
      id: DEMO.tezkor.id,
      name: 'Tezkor Burger',
      color: '#E4002B',
      isActive: true,
      mainCityId: DEMO.tezkor.cities.tashkent,
    });
    expect(bySub.navbahor).toMatchObject({ id: DEMO.navbahor.id, name: 'Navbahor Cafe', isActive: true });
    expect(bySub.yopiq).toMatchObject({ id: DEMO.yopiq.id, name: 'Yopiq Oshxona', isActive: false });
    expect(distanceMeters([bySub.tezkor!.latitude, bySub.tezkor!.longitude], [41.2995, 69.2401])).toBeLessThan(10_000);

    const domains = await db
      .select()
      .from(s.brands)
      .where(inArray(s.brands.domainUrl, ['tezkor.uz', 'navbahor.cafe']));
    expect(Object.fromEntries(domains.map((b) => [b.domainUrl, b.merchantId]))).toEqual({
      'tezkor.uz': DEMO.tezkor.id,
      'navbahor.cafe': DEMO.navbahor.id,
    });
  });

  it('gives tezkor a large catalogue: 50+ active products in 4+ groups and 8+ categories', async () => {
    const rows = await db
      .select({
        product: s.products.id,
        category: s.categories.id,
        group: s.categories.groupId,
        viewType: s.categories.viewType,
        scroll: s.categories.scrollType,
        nav: s.categories.navigationType,
      })
      .from(s.products)
      .innerJoin(s.categories, eq(s.products.categoryId, s.categories.id))
      .where(and(eq(s.products.merchantId, DEMO.tezkor.id), eq(s.products.active, true), eq(s.categories.active, true)));
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.group)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.viewType))).toEqual(new Set(['BIG', 'MEDIUM', 'SMALL']));
    expect(new Set(rows.map((r) => r.scroll))).toEqual(new Set(['VERTICAL', 'HORIZONTAL']));
    expect(new Set(rows.map((r) => r.nav))).toEqual(new Set(['SHEET', 'POP_UP', 'FULL_SCREEN']));

    const products = await db.select().from(s.products).where(eq(s.products.merchantId, DEMO.tezkor.id));
    for (const p of products) {
      expect(Number.isSafeInteger(p.costPrice) && p.costPrice > 0, p.id).toBe(true);
      expect(p.discount).toBeGreaterThanOrEqual(0);
      expect(p.discount).toBeLessThanOrEqual(100);
    }
    expect(products.filter((p) => p.discount > 0).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.isCartRecommendation).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => p.count === null).length).toBeGreaterThan(products.length / 2);
  });

  it('gives navbahor a small menu and yopiq a few products', async () => {
    const count = async (merchantId: string) =>
      (
        await db
          .select({ id: s.products.id })
          .from(s.products)
          .where(and(eq(s.products.merchantId, merchantId), eq(s.products.active, true)))
      ).length;
    expect(await count(DEMO.navbahor.id)).toBeGreaterThanOrEqual(8);
    expect((await db.select().from(s.groups).where(eq(s.groups.merchantId, DEMO.navbahor.id))).length).toBe(2);
    expect((await db.select().from(s.categories).where(eq(s.categories.merchantId, DEMO.navbahor.id))).length).toBe(3);
    expect(await count(DEMO.yopiq.id)).toBeGreaterThanOrEqual(2);
  });

  it('marks the special products as DEMO says', async () => {
    const byId = async (id: string) => (await db.select().from(s.products).where(eq(s.products.id, id)))[0]!;
    expect((await byId(DEMO.tezkor.products.outOfStock)).count).toBe(0);
    expect((await byId(DEMO.tezkor.products.lowStock)).count).toBe(5);
    expect((await byId(DEMO.tezkor.products.discounted)).discount).toBe(15);
    expect((await byId(DEMO.tezkor.products.discounted25)).discount).toBe(25);
    expect((await byId(DEMO.tezkor.products.inactive)).active).toBe(false);
    expect((await byId(DEMO.tezkor.products.cartRecommendation)).isCartRecommendation).toBe(true);
    expect((await byId(DEMO.tezkor.products.cheeseburger)).labels).toContainEqual({ ru: 'Хит', uz: 'Xit', eng: 'Hit' });

    const groups = await db
      .select()
      .from(s.modificationGroups)
      .where(eq(s.modificationGroups.productId, DEMO.tezkor.products.withRequiredModifier));
    const size = groups.find((g) => g.id === DEMO.tezkor.modifiers.cheeseburger.size.group)!;
    const sauces = groups.find((g) => g.id === DEMO.tezkor.modifiers.cheeseburger.sauces.group)!;
    expect(size).toMatchObject({ min: 1, max: 1, name: { eng: 'Size' } });
    expect(sauces).toMatchObject({ min: 0, max: 3, name: { eng: 'Sauces' } });
    const options = await db.select().from(s.modifications).where(eq(s.modifications.productId, DEMO.tezkor.products.withRequiredModifier));
    const price = (id: string) => options.find((o) => o.id === id)?.price;
    expect([
      price(DEMO.tezkor.modifiers.cheeseburger.size.standard),
      price(DEMO.tezkor.modifiers.cheeseburger.size.large),
      price(DEMO.tezkor.modifiers.cheeseburger.size.xl),
    ]).toEqual([0, 8000, 14000]);
    const sauceOptions = options.filter((o) => o.groupId === sauces.id);
    expect(sauceOptions.length).toBeGreaterThanOrEqual(4);
    for (const o of sauceOptions) expect(o.price).toBeGreaterThanOrEqual(2000);
    expect(
      await db.select().from(s.modificationGroups).where(eq(s.modificationGroups.productId, DEMO.tezkor.products.withoutModifiers)),
    ).toEqual([]);
  });

  it('sells some products only at some branches', async () => {
    for (const [key, expected] of Object.entries(DEMO.tezkor.productBranches)) {
      const productId = DEMO.tezkor.products[key as keyof typeof DEMO.tezkor.productBranches];
      const rows = await db.select().from(s.productBranches).where(eq(s.productBranches.productId, productId));
      const active = (branchId: string) => rows.find((r) => r.branchId === branchId)?.isActive ?? true;
      for (const b of expected.soldAt) expect(active(b), `${key} at ${b}`).toBe(true);
      for (const b of expected.notSoldAt) expect(active(b), `${key} at ${b}`).toBe(false);
    }
  });

  it('has every id DEMO names', async () => {
    const idsIn = async (
      table:
        | typeof s.products
        | typeof s.categories
        | typeof s.groups
        | typeof s.branches
        | typeof s.cities
        | typeof s.deliveryZones
        | typeof s.banners
        | typeof s.stories
        | typeof s.promos,
      list: string[],
    ) => {
      const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, list));
      expect(found.map((r) => r.id).sort()).toEqual([...new Set(list)].sort());
    };
    for (const brand of [DEMO.tezkor, DEMO.navbahor, DEMO.yopiq]) {
      await idsIn(s.products, Object.values(brand.products));
      await idsIn(s.branches, Object.values(brand.branches));
      await idsIn(s.cities, Object.values(brand.cities));
      await idsIn(s.categories, Object.values(brand.categories));
    }
    await idsIn(s.groups, [...Object.values(DEMO.tezkor.groups), ...Object.values(DEMO.navbahor.groups)]);
    await idsIn(s.deliveryZones, Object.values(DEMO.tezkor.zones));
    await idsIn(s.banners, [...Object.values(DEMO.tezkor.banners), ...Object.values(DEMO.navbahor.banners)]);
    await idsIn(s.stories, Object.values(DEMO.tezkor.stories));
    await idsIn(
      s.promos,
      Object.values(DEMO.promos).map((p) => p.id),
    );
    const { size, sauces } = DEMO.tezkor.modifiers.cheeseburger;
    const optionIds = [size.standard, size.large, size.xl, sauces.ketchup, sauces.cheese, sauces.garlic, sauces.bbq, sauces.chili];
    const options = await db.select({ id: s.modifications.id }).from(s.modifications).where(inArray(s.modifications.id, optionIds));
    expect(options.length).toBe(optionIds.length);
  });

  it('places tezkor branches in two cities with phones, delivery prices and settings', async () => {
    const cities = await db.select().from(s.cities).where(eq(s.cities.merchantId, DEMO.tezkor.id));
    expect(cities.map((c) => [c.id, c.timeZone, c.isMain]).sort()).toEqual(
      [
        [DEMO.tezkor.cities.tashkent, 'Asia/Tashkent', true],
        [DEMO.tezkor.cities.samarkand, 'Asia/Samarkand', false],
      ].sort(),
    );
    const branches = await db.select().from(s.branches).where(eq(s.branches.merchantId, DEMO.tezkor.id));
    expect(branches.length).toBeGreaterThanOrEqual(5);
    expect(new Set(branches.map((b) => b.cityId)).size).toBe(2);
    for (const b of branches) {
      const city = cities.find((c) => c.id === b.cityId)!;
      expect(distanceMeters([b.latitude, b.longitude], [city.latitude, city.longitude]), b.id).toBeLessThan(20_000);
      expect(b.phone).toMatch(/^\+998\d{9}$/);
      expect(b.deliveryMinAmount).toBeGreaterThan(0);
      expect(b.deliveryPrice).toBeGreaterThan(0);
      expect(b.settings.deliveryEnabled).toBe(true);
      expect(b.isActive && !b.deleted).toBe(true);
    }
    expect(branches.filter((b) => b.settings.pickupEnabled).length).toBeGreaterThan(branches.length / 2);
    expect(branches.filter((b) => b.isMain).map((b) => b.id)).toEqual([DEMO.tezkor.branches.chilonzor]);

    const [navbahor] = await db.select().from(s.branches).where(eq(s.branches.merchantId, DEMO.navbahor.id));
    expect(navbahor!.settings).toMatchObject({ deliveryEnabled: false, pickupEnabled: true });
  });

  it('gives every branch hours for all seven days in HH:MM', async () => {
    const branches = await db.select().from(s.branches).where(inArray(s.branches.merchantId, MERCHANTS));
    for (const b of branches) {
      const types: WorkHoursType[] = b.merchantId === DEMO.navbahor.id ? ['PICK_UP'] : ['DELIVERY', 'PICK_UP'];
      for (const type of types) {
        const { days } = await hoursOf(db, b.id, type);
        expect(days.map((d) => d.weekName).sort(), `${b.id} ${type}`).toEqual([
          'FRIDAY',
          'MONDAY',
          'SATURDAY',
          'SUNDAY',
          'THURSDAY',
          'TUESDAY',
          'WEDNESDAY',
        ]);
      }
    }
    const pastMidnight = await hoursOf(db, DEMO.tezkor.branches.pastMidnight);
    expect(pastMidnight.days.every((d) => d.close < d.open)).toBe(true);
  });

  it('draws delivery zones over the districts their branches stand in, a city-wide ring below them, and a hole', async () => {
    const zones = await db.select().from(s.deliveryZones).where(eq(s.deliveryZones.merchantId, DEMO.tezkor.id));
    const branches = await db.select().from(s.branches).where(eq(s.branches.merchantId, DEMO.tezkor.id));
    expect(zones.length).toBeGreaterThanOrEqual(6);
    expect(new Set(zones.map((z) => z.cityId))).toEqual(new Set([DEMO.tezkor.cities.tashkent, DEMO.tezkor.cities.samarkand]));
    expect(
      zones.some((z) => z.area.some((part) => part.holes.length > 0)),
      'a zone with a hole',
    ).toBe(true);
    expect(new Set(zones.map((z) => z.priority)).size, 'zones of different priorities').toBeGreaterThan(1);
    const top = Math.max(...zones.map((z) => z.priority));
    for (const z of zones) {
      const outer = z.area[0]!.outer;
      expect(outer.length, z.name).toBeGreaterThanOrEqual(6);
      expect(outer.length, z.name).toBeLessThanOrEqual(12);
      for (const [lat, lng] of outer) {
        expect(lat).toBeGreaterThan(37);
        expect(lat).toBeLessThan(46);
        expect(lng).toBeGreaterThan(56);
        expect(lng).toBeLessThan(74);
      }
      expect(z.price).toBeGreaterThanOrEqual(10000);
      expect(z.price).toBeLessThanOrEqual(20000);
      expect(z.name).toBeTruthy();
      expect(z.color).toMatch(/^#[0-9A-F]{6}$/i);
      if (z.branchId) {
        const branch = branches.find((b) => b.id === z.branchId)!;
        expect(branch.cityId).toBe(z.cityId);
        expect(areaContains(z.area, [branch.latitude, branch.longitude]), `${z.name} holds its branch`).toBe(true);
      }
      // Zones of the top priority do not cover another zone's branch, so "which zone is this address in" has one answer there.
      if (z.priority !== top) continue;
      for (const other of branches.filter((b) => b.id !== z.branchId)) {
        expect(areaContains(z.area, [other.latitude, other.longitude]), `${z.name} holds ${other.id}`).toBe(false);
      }
    }
  });

  it('writes the three policies in ru, uz and eng, in paragraphs, with the markup probe as plain text', async () => {
    const policies = await db.select().from(s.companyPolicies).where(inArray(s.companyPolicies.merchantId, MERCHANTS));
    for (const merchantId of MERCHANTS) {
      const own = policies.filter((p) => p.merchantId === merchantId);
      expect(own.map((p) => p.type).sort()).toEqual(['ABOUT_COMPANY', 'PRIVACY_POLICY', 'TERMS']);
      for (const p of own) {
        for (const lang of ['ru', 'uz', 'eng'] as const)
          expect(p.text[lang]!.split('\n\n').length, `${p.type} ${lang}`).toBeGreaterThanOrEqual(2);
      }
    }
    const privacy = policies.find((p) => p.merchantId === DEMO.tezkor.id && p.type === 'PRIVACY_POLICY')!;
    expect(privacy.text.eng).toContain('<script>alert(1)</script>');
  });

  it('writes settings that the domain contract accepts, with each brand look', async () => {
    const rows = await db.select().from(s.merchantSettings).where(inArray(s.merchantSettings.merchantId, MERCHANTS));
    const get = (merchantId: string, channel: string) => rows.find((r) => r.merchantId === merchantId && r.channel === channel)!;
    for (const r of rows) MerchantSettings.parse(r);
    expect(
      rows
        .filter((r) => r.merchantId === DEMO.tezkor.id)
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['CLICK_APP', 'WEB']);

    const tezkor = MerchantSettings.parse(get(DEMO.tezkor.id, 'WEB'));
    expect(tezkor).toMatchObject({
      mainColor: '#E4002B',
      isDark: true,
      mainColorType: 'DARK',
      mainLanguage: 'ru',
      basketPosition: 'NAVIGATION_BAR',
      bannersActive: true,
      storiesActive: true,
      favouriteActive: true,
      cashbackActive: true,
      isCategoryImageVisible: true,
      telegramActive: true,
      instagramActive: true,
      brand: 'Tezkor Burger',
      domain: 'tezkor.uz',
    });
    for (const flag of [
      'uzLangActive',
      'ruLangActive',
      'engLangActive',
      'arLangActive',
      'kzLangActive',
      'trLangActive',
      'zhLangActive',
    ] as const) {
      expect(tezkor[flag], flag).toBe(true);
    }
    expect(tezkor.telegram).toMatch(/^https:\/\/t\.me\//);
    expect(tezkor.instagram).toMatch(/^https:\/\/www\.instagram\.com\//);

    const navbahor = MerchantSettings.parse(get(DEMO.navbahor.id, 'WEB'));
    expect(navbahor).toMatchObject({
      mainColor: '#F5C542',
      isDark: false,
      mainColorType: 'LIGHT',
      mainLanguage: 'uz',
      forcedLanguage: null,
      branchFirstLanding: false,
      deliveryActive: false,
      pickupActive: true,
      bannersActive: true,
      storiesActive: false,
      zhLangActive: false,
    });

    const [secrets] = await db.select().from(s.merchantSecrets).where(eq(s.merchantSecrets.merchantId, DEMO.tezkor.id));
    expect(secrets!.smsCredentials).toMatchObject({ provider: 'ESKIZ', email: expect.stringContaining('@') });

    const fees = await db.select().from(s.serviceFeeSettings).where(eq(s.serviceFeeSettings.merchantId, DEMO.tezkor.id));
    expect(fees).toEqual([
      expect.objectContaining({
        cityId: '00000000-0000-0000-0000-000000000000',
        isServiceFeeEnabled: true,
        serviceFeeAmount: 3000,
        serviceFeeThreshold: 150000,
      }),
    ]);
  });

  it('dates promos and stories around now', async () => {
    const promos = await db.select().from(s.promos).where(eq(s.promos.merchantId, DEMO.tezkor.id));
    const byCode = Object.fromEntries(promos.map((p) => [p.code, p]));
    const validAt = (code: string, at: Date) => {
      const p = byCode[code]!;
      return p.isActive && (!p.startDate || p.startDate <= at) && (!p.endDate || at <= p.endDate);
    };
    expect(byCode.WELCOME10).toMatchObject({ discountType: 'PERCENTAGE', productDiscount: 10, minPrice: 0 });
    expect(byCode.MINUS15K).toMatchObject({ discountType: 'AMOUNT', productDiscount: 15000, minPrice: 100000 });
    expect(byCode.FREEDELIVERY).toMatchObject({ discountType: 'PERCENTAGE', deliveryDiscount: 100, productDiscount: 0 });
    for (const code of ['WELCOME10', 'MINUS15K', 'FREEDELIVERY']) expect(validAt(code, NOW), code).toBe(true);
    expect(byCode.EXPIRED!.endDate!.getTime()).toBeLessThan(NOW.getTime());
    expect(byCode.SOON!.startDate!.getTime()).toBeGreaterThan(NOW.getTime());
    expect(byCode.OFF!.isActive).toBe(false);
    for (const code of ['EXPIRED', 'SOON', 'OFF']) expect(validAt(code, NOW), code).toBe(false);

    const stories = await db.select().from(s.stories).where(eq(s.stories.merchantId, DEMO.tezkor.id));
    const live = stories.filter((st) => st.startsAt <= NOW && NOW < st.endsAt).map((st) => st.id);
    expect(live.sort()).toEqual([DEMO.tezkor.stories.newMenu, DEMO.tezkor.stories.spicyWeek].sort());
    expect(stories.find((st) => st.id === DEMO.tezkor.stories.ended)!.endsAt.getTime()).toBeLessThan(NOW.getTime());
    for (const st of stories) expect(st.slides.length).toBeGreaterThanOrEqual(2);

    expect((await db.select().from(s.banners).where(eq(s.banners.merchantId, DEMO.tezkor.id))).length).toBe(3);
    expect((await db.select().from(s.banners).where(eq(s.banners.merchantId, DEMO.navbahor.id))).length).toBe(1);
  });

  it('points every image key at a file under packages/db/media', async () => {
    const keys: [string, string][] = [];
    const add = (where: string, key: string | null | undefined, required = true) => {
      if (key) keys.push([where, key]);
      else if (required) expect.fail(`${where} has no picture`);
    };
    for (const m of await db.select().from(s.merchants).where(inArray(s.merchants.id, MERCHANTS))) add(`merchant ${m.sub}`, m.logo);
    for (const r of await db.select().from(s.merchantSettings).where(inArray(s.merchantSettings.merchantId, MERCHANTS))) {
      add(`settings logo ${r.merchantId}`, r.logo);
      add(`settings favicon ${r.merchantId}`, r.favicon);
    }
    for (const b of await db.select().from(s.brands).where(inArray(s.brands.merchantId, MERCHANTS))) add(`brand ${b.name}`, b.image);
    for (const g of await db.select().from(s.groups).where(inArray(s.groups.merchantId, MERCHANTS))) {
      add(`group icon ${g.id}`, g.icon);
      add(`group image ${g.id}`, g.image);
    }
    for (const c of await db.select().from(s.categories).where(inArray(s.categories.merchantId, MERCHANTS)))
      add(`category ${c.id}`, c.image);
    for (const p of await db.select().from(s.products).where(inArray(s.products.merchantId, MERCHANTS))) {
      add(`product ${p.id}`, p.image);
      p.gallery.forEach((g, i) => add(`product ${p.id} gallery ${i}`, g));
    }
    for (const o of await db.select().from(s.modifications).where(inArray(s.modifications.merchantId, MERCHANTS)))
      add(`modification ${o.id}`, o.image, false);
    for (const b of await db.select().from(s.banners).where(inArray(s.banners.merchantId, MERCHANTS))) add(`banner ${b.id}`, b.image);
    for (const st of await db.select().from(s.stories).where(inArray(s.stories.merchantId, MERCHANTS))) {
      add(`story ${st.id}`, st.preview);
      st.slides.forEach((slide, i) => add(`story ${st.id} slide ${i}`, slide.image));
    }
    expect(keys.length).toBeGreaterThan(150);
    for (const [place, key] of keys) {
      expect(key, place).toMatch(/^demo\/[a-z]+\/[a-z0-9/-]+\.svg$/);
      expect(imageUrl(key), place).toBe(`/media/${key}`);
      expect(existsSync(join(MEDIA_DIR, key)), `${place}: ${key}`).toBe(true);
    }
    expect(existsSync(join(MEDIA_DIR, 'placeholder.svg'))).toBe(true);
  });

  it('writes every text in ru, uz and eng', async () => {
    for (const c of await db.select().from(s.cities).where(inArray(s.cities.merchantId, MERCHANTS)))
      expectLocalized(`city ${c.id}`, c.name);
    for (const b of await db.select().from(s.branches).where(inArray(s.branches.merchantId, MERCHANTS)))
      expectLocalized(`branch ${b.id}`, b.name);
    for (const g of await db.select().from(s.groups).where(inArray(s.groups.merchantId, MERCHANTS)))
      expectLocalized(`group ${g.id}`, g.name);
    for (const c of await db.select().from(s.categories).where(inArray(s.categories.merchantId, MERCHANTS)))
      expectLocalized(`category ${c.id}`, c.name);
    for (const p of await db.select().from(s.products).where(inArray(s.products.merchantId, MERCHANTS))) {
      expectLocalized(`product ${p.id} name`, p.name);
      expectLocalized(`product ${p.id} description`, p.description);
      p.labels.forEach((l, i) => expectLocalized(`product ${p.id} label ${i}`, l));
    }
    for (const g of await db.select().from(s.modificationGroups).where(inArray(s.modificationGroups.merchantId, MERCHANTS)))
      expectLocalized(`modifier group ${g.id}`, g.name);
    for (const o of await db.select().from(s.modifications).where(inArray(s.modifications.merchantId, MERCHANTS)))
      expectLocalized(`modifier ${o.id}`, o.name);
    for (const b of await db.select().from(s.banners).where(inArray(s.banners.merchantId, MERCHANTS)))
      expectLocalized(`banner ${b.id}`, b.title);
    for (const st of await db.select().from(s.stories).where(inArray(s.stories.merchantId, MERCHANTS))) {
      expectLocalized(`story ${st.id}`, st.title);
      st.slides.forEach((slide, i) => expectLocalized(`story ${st.id} slide ${i}`, slide.text));
    }
    for (const p of await db.select().from(s.companyPolicies).where(inArray(s.companyPolicies.merchantId, MERCHANTS)))
      expectLocalized(`policy ${p.type}`, p.text);
    for (const r of await db.select().from(s.merchantSettings).where(inArray(s.merchantSettings.merchantId, MERCHANTS))) {
      expectLocalized(`settings title ${r.merchantId}`, r.title);
      expectLocalized(`settings left copyright ${r.merchantId}`, r.leftCopyWrite);
      expectLocalized(`settings right copyright ${r.merchantId}`, r.rightCopyWrite);
    }
  });

  it('changes nothing when run again with the same now', async () => {
    const before = await snapshot(db);
    const sample = await db.select().from(s.products).where(eq(s.products.id, DEMO.tezkor.products.cheeseburger));
    const merchant = await db.select().from(s.merchants).where(eq(s.merchants.id, DEMO.tezkor.id));
    await seedDemo(db, { now: NOW });
    expect(await snapshot(db)).toEqual(before);
    expect(await db.select().from(s.products).where(eq(s.products.id, DEMO.tezkor.products.cheeseburger))).toEqual(sample);
    expect(await db.select().from(s.merchants).where(eq(s.merchants.id, DEMO.tezkor.id))).toEqual(merchant);
    expect(before.products!.n).toBeGreaterThan(60);
  });

  it('refreshes the time-bound rows when run later, keeping the same rows', async () => {
    const later = new Date(NOW.getTime() + 26 * 60 * MINUTE);
    const before = await snapshot(db);
    await seedDemo(db, { now: later });
    const after = await snapshot(db);
    for (const table of TABLES) expect(after[table]!.n, table).toBe(before[table]!.n);
    expect(after.work_hours!.digest).not.toBe(before.work_hours!.digest);
    const [story] = await db.select().from(s.stories).where(eq(s.stories.id, DEMO.tezkor.stories.newMenu));
    expect(story!.startsAt.getTime()).toBe(later.getTime() - 2 * 24 * 60 * MINUTE);
    const closed = await hoursOf(db, DEMO.tezkor.branches.closedNow);
    expect(isOpenAt(closed.days, later, closed.timeZone)).toBe(false);
    await seedDemo(db, { now: NOW });
    expect(await snapshot(db)).toEqual(before);
  });

  it('keeps the hour roles true whatever the time of the week', async () => {
    // Every three hours across a week, at odd minutes, plus the edges around midnight.
    const monday = new Date('2025-03-09T19:00:00Z').getTime(); // Monday 00:00 in Tashkent
    const times = Array.from({ length: 56 }, (_, k) => new Date(monday + k * 180 * MINUTE + 7 * MINUTE));
    for (const minutes of [-10, 5, 22 * 60 + 30, 23 * 60 + 50, 23 * 60 + 59])
      times.push(new Date(monday + 4 * 24 * 60 * MINUTE + minutes * MINUTE));
    for (const now of times) {
      await seedDemo(db, { now });
      for (const type of ['DELIVERY', 'PICK_UP'] as const) {
        const open = await hoursOf(db, DEMO.tezkor.branches.openNow, type);
        expect(isOpenAt(open.days, now, open.timeZone), `open branch at ${now.toISOString()}`).toBe(true);
        const closed = await hoursOf(db, DEMO.tezkor.branches.closedNow, type);
        expect(isOpenAt(closed.days, now, closed.timeZone), `closed branch at ${now.toISOString()}`).toBe(false);
        // Closed for a while, so a journey that starts right after the seed still sees it closed.
        expect(isOpenAt(closed.days, new Date(now.getTime() + 90 * MINUTE), closed.timeZone)).toBe(false);
        const today = todayHours(closed.days, now, closed.timeZone);
        expect(today.isHoliday).toBe(false);
        const dayOff = await hoursOf(db, DEMO.tezkor.branches.dayOffToday, type);
        expect(todayHours(dayOff.days, now, dayOff.timeZone), `day off at ${now.toISOString()}`).toEqual({ isHoliday: true });
        expect(isOpenAt(dayOff.days, now, dayOff.timeZone)).toBe(false);
        const extra = await hoursOf(db, DEMO.tezkor.branches.extraInterval, type);
        expect(todayHours(extra.days, now, extra.timeZone)).toEqual({
          isHoliday: false,
          intervals: [
            { open: '08:00', close: '10:00' },
            { open: '11:00', close: '23:00' },
          ],
        });
      }
      // Days other than today keep their usual hours.
      const { weekName } = localTime(now, 'Asia/Tashkent');
      const dayOff = await hoursOf(db, DEMO.tezkor.branches.dayOffToday);
      expect(dayOff.days.filter((d) => d.isDayOff).map((d) => d.weekName)).toEqual([weekName]);
    }
    await seedDemo(db, { now: NOW });
  }, 180_000);
});
