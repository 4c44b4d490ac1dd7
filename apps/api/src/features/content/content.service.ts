import { AppError, type Banner, type BrandEntry, type CompanyPolicy, type PolicyType, type Story } from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import type { ContentRepository } from './content.repository.ts';

export interface ContentServiceDeps {
  repo: ContentRepository;
  clock: Clock;
}

export function createContentService({ repo, clock }: ContentServiceDeps) {
  return {
    brandCatalog(merchantId: string): Promise<BrandEntry[]> {
      return repo.brands(merchantId);
    },

    /** Empty while the merchant has banners switched off, so an old client that fetches anyway shows none. */
    async banners(merchantId: string): Promise<Banner[]> {
      return repo.banners(merchantId);
    },

    /** Empty while the merchant has stories switched off, as banners. */
    async stories(merchantId: string): Promise<Story[]> {
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
        startsAt: s.startsAt,
        endsAt: s.endsAt,
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
