import type { PolicyType } from '@dasturxon/domain';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { banners, brands, companyPolicies, merchantSettings, stories, type Db } from '@dasturxon/db';

/** The merchant's content: brand entries, banners, stories and company policies. */
export function createContentRepository(db: Db) {
  return {
    brands(merchantId: string) {
      return db
        .select({ id: brands.id, merchantId: brands.merchantId, name: brands.name, domainUrl: brands.domainUrl, color: brands.color, image: brands.image })
        .from(brands)
        .where(eq(brands.merchantId, merchantId))
        .orderBy(asc(brands.priority), asc(brands.name), asc(brands.id));
    },

    /** The web settings flags that switch banners and stories; null when the merchant keeps no settings row. */
    async contentFlags(merchantId: string): Promise<{ bannersActive: boolean; storiesActive: boolean } | null> {
      const [row] = await db
        .select({ bannersActive: merchantSettings.bannersActive, storiesActive: merchantSettings.storiesActive })
        .from(merchantSettings)
        .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')))
        .limit(1);
      return row ?? null;
    },

    banners(merchantId: string) {
      return db
        .select({ id: banners.id, title: banners.title, image: banners.image, link: banners.link, productId: banners.productId, priority: banners.priority })
        .from(banners)
        .where(and(eq(banners.merchantId, merchantId), eq(banners.active, true)))
        .orderBy(asc(banners.priority), asc(banners.id));
    },

    /** Active stories whose window [startsAt, endsAt) holds `now`. */
    stories(merchantId: string, now: Date) {
      return db
        .select({
          id: stories.id,
          title: stories.title,
          preview: stories.preview,
          slides: stories.slides,
          startsAt: stories.startsAt,
          endsAt: stories.endsAt,
          priority: stories.priority,
        })
        .from(stories)
        .where(and(eq(stories.merchantId, merchantId), eq(stories.active, true), lte(stories.startsAt, now), gt(stories.endsAt, now)))
        .orderBy(asc(stories.priority), asc(stories.startsAt), asc(stories.id));
    },

    async policy(merchantId: string, type: PolicyType) {
      const [row] = await db
        .select({ type: companyPolicies.type, text: companyPolicies.text })
        .from(companyPolicies)
        .where(and(eq(companyPolicies.merchantId, merchantId), eq(companyPolicies.type, type)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
