import { and, asc, desc, eq } from 'drizzle-orm';
import { brands, cities, merchants, type Db } from '@dasturxon/db';
import type { SettingsChannel } from '@dasturxon/domain';
import type { MerchantSettings } from '@dasturxon/domain/contracts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import { readSettings } from './merchant-settings.ts';

export type CityRecord = typeof cities.$inferSelect;

const CACHE_TTL_MS = 5_000;

/**
 * Merchant and settings lookups. Every request resolves its merchant, so lookups are kept for a few
 * seconds: a change to a merchant or its settings (blocking it, say) reaches every instance within that time.
 */
export function createMerchantsRepository(db: Db) {
  const cache = new Map<string, { at: number; value: unknown }>();

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key) as { at: number; value: T } | undefined;
    const now = Date.now();
    if (hit && now - hit.at < CACHE_TTL_MS) return hit.value;
    const value = await load();
    if (cache.size > 1000) cache.clear();
    cache.set(key, { at: now, value });
    return value;
  }

  const first = <T>(rows: T[]): T | null => rows[0] ?? null;

  return {
    findById: (id: string) => cached(`id:${id}`, async () => first(await db.select().from(merchants).where(eq(merchants.id, id)).limit(1))),
    findBySub: (sub: string) =>
      cached(`sub:${sub}`, async () => first(await db.select().from(merchants).where(eq(merchants.sub, sub)).limit(1))),
    findByDomain: (domain: string) =>
      cached(`domain:${domain}`, async () => {
        const rows = await db
          .select({ merchant: merchants })
          .from(brands)
          .innerJoin(merchants, eq(brands.merchantId, merchants.id))
          .where(eq(brands.domainUrl, domain))
          .limit(1);
        return rows[0]?.merchant ?? null;
      }),
    /** Every page and most calls read the settings, and they change rarely: kept like the merchant. */
    settings: (merchantId: string, channel: SettingsChannel): Promise<MerchantSettings> =>
      cached(`settings:${merchantId}:${channel}`, () => readSettings(db, merchantId, channel)),
    /** The settings as stored now, not the kept copy: a feature's own call checks its flag with them. */
    freshSettings: (merchantId: string, channel: SettingsChannel): Promise<MerchantSettings> => readSettings(db, merchantId, channel),
    /** The active brands of a company (issue 31), by name. */
    async companyBrands(companyId: string): Promise<MerchantRecord[]> {
      return db
        .select()
        .from(merchants)
        .where(and(eq(merchants.companyId, companyId), eq(merchants.isActive, true)))
        .orderBy(asc(merchants.name), asc(merchants.id));
    },
    async cities(merchantId: string): Promise<CityRecord[]> {
      return db
        .select()
        .from(cities)
        .where(eq(cities.merchantId, merchantId))
        .orderBy(desc(cities.isMain), asc(cities.priority), asc(cities.id));
    },
    async brands(merchantId: string) {
      return db.select().from(brands).where(eq(brands.merchantId, merchantId)).orderBy(asc(brands.priority), asc(brands.name));
    },
    /** Every brand of the deployment, by name (the development brand switcher). */
    async all(): Promise<MerchantRecord[]> {
      return db.select().from(merchants).orderBy(asc(merchants.name));
    },
    /** Forget cached lookups (after a merchant changes): one brand's, or every one. */
    invalidate(merchantId?: string | null): void {
      if (!merchantId) return cache.clear();
      for (const [key, entry] of cache) {
        const value = entry.value as { id?: string; merchantId?: string } | null;
        if (key.endsWith(merchantId) || key.includes(`:${merchantId}:`) || value?.id === merchantId || value?.merchantId === merchantId)
          cache.delete(key);
      }
    },
  };
}

export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
