import { AppError, SETTINGS_FLAG_DEFAULTS, type Banner, type BrandEntry, type CompanyPolicy, type PolicyType, type Story } from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import type { ContentRepository } from './content.repository.ts';

export interface ContentServiceDeps {
  repo: ContentRepository;
  clock: Clock;
}

export function createContentService({ repo, clock }: ContentServiceDeps) {
  /** The merchant's switches, with the spec's defaults for a merchant that never saved settings. */
  async function flags(merchantId: string) {
    return (
      (await repo.contentFlags(merchantId)) ?? {
        bannersActive: SETTINGS_FLAG_DEFAULTS.bannersActive,
        storiesActive: SETTINGS_FLAG_DEFAULTS.storiesActive,
      }
    );
  }

  return {
    brandCatalog(merchantId: string): Promise<BrandEntry[]> {
      return repo.brands(merchantId);
    },

    /** Empty while the merchant has banners switched off, so an old client that fetches anyway shows none. */
    async banners(merchantId: string): Promise<Banner[]> {
      if (!(await flags(merchantId)).bannersActive) return [];
      return repo.banners(merchantId);
    },

    async stories(merchantId: string): Promise<Story[]> {
      if (!(await flags(merchantId)).storiesActive) return [];
      const rows = await repo.stories(merchantId, clock.now());
      return rows.map((s) => ({
        id: s.id,
        title: s.title,
        preview: s.preview,
        slides: s.slides.map((slide) => ({
          image: slide.image,
          ...(slide.text ? { text: slide.text } : {}),
          ...(slide.link ? { link: slide.link } : {}),
        })),
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        priority: s.priority,
      }));
    },

    async policy(merchantId: string, type: PolicyType): Promise<CompanyPolicy> {
      const row = await repo.policy(merchantId, type);
      if (!row) throw new AppError('NOT_FOUND', { policies: type });
      return { type, text: row.text };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
