import type { Banner, LocalizedText, PolicyType } from '@dasturxon/domain';
import { and, asc, eq } from 'drizzle-orm';
import { brands, companyPolicies, type Database, type StorySlide } from '@dasturxon/db';
import { preparedRead } from '../../prepared-read.ts';
import { webFlagSql } from '../merchants/index.ts';

/**
 * The banners a page shows (none while the merchant has them switched off), in one statement, as JSON: the page's
 * renewal of its kept answers reads it (prepared-read.ts; two Drizzle queries before).
 */
const BANNERS = `select coalesce(json_agg(json_build_object('id', b.id, 'title', b.title, 'image', b.image, 'link', b.link,
  'productId', b.product_id, 'priority', b.priority) order by b.priority, b.id), '[]'::json)
from banners b where b.merchant_id = $1 and b.active and ${webFlagSql('bannersActive')}`;

/** Active stories whose window [startsAt, endsAt) holds $2 (none while switched off), times as toISOString writes them. */
const STORIES = `select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'preview', s.preview, 'slides', s.slides,
  'startsAt', to_char(s.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'endsAt', to_char(s.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'priority', s.priority) order by s.priority, s.starts_at, s.id), '[]'::json)
from stories s where s.merchant_id = $1 and s.active and s.starts_at <= $2::timestamptz and s.ends_at > $2::timestamptz
  and ${webFlagSql('storiesActive')}`;

export interface StoryRow {
  id: string;
  title: LocalizedText;
  preview: string;
  slides: StorySlide[];
  startsAt: string;
  endsAt: string;
  priority: number;
}

/** The merchant's content: brand entries, banners, stories and company policies. */
export function createContentRepository(database: Database) {
  const { db } = database;
  const readBanners = preparedRead(database, 'dx_banners', BANNERS);
  const readStories = preparedRead(database, 'dx_stories', STORIES);
  const jsonOf = <T>(rows: readonly (readonly (string | null)[])[]): T => JSON.parse(rows[0]?.[0] ?? '[]') as T;
  return {
    brands(merchantId: string) {
      return db
        .select({
          id: brands.id,
          merchantId: brands.merchantId,
          name: brands.name,
          domainUrl: brands.domainUrl,
          color: brands.color,
          image: brands.image,
        })
        .from(brands)
        .where(eq(brands.merchantId, merchantId))
        .orderBy(asc(brands.priority), asc(brands.name), asc(brands.id));
    },

    /** The banners shown now: the active ones, none while the merchant has banners switched off. */
    async banners(merchantId: string): Promise<Banner[]> {
      return jsonOf<Banner[]>(await readBanners([merchantId]));
    },

    /** The stories shown at `now`: active, their window holding it; none while stories are switched off. */
    async stories(merchantId: string, now: Date): Promise<StoryRow[]> {
      return jsonOf<StoryRow[]>(await readStories([merchantId, now.toISOString()]));
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
