import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/i18n.ts';
import { Button } from '../ui/button.tsx';
import { productCommentsQuery } from './grades.api.ts';
import { Stars } from './stars.tsx';

/**
 * A product's comments (issue 31), newest first, ten at a time with "show more"; asked only while the brand's
 * productComment is on (the caller's check; off, the server answers FEATURE_OFF). Hidden ones never come.
 */
export function ProductReviews({ productId }: { productId: string }) {
  const { t, language } = useTranslation();
  const comments = useInfiniteQuery(productCommentsQuery(productId));
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return null;
  const day = new Intl.DateTimeFormat(language === 'eng' ? 'en' : language === 'kz' ? 'kk' : language, { dateStyle: 'medium' });
  return (
    <section data-testid="product-reviews" className="mt-5">
      <h2 className="mb-2 text-[17px] font-extrabold tracking-tight">{t('grades.reviewsTitle')}</h2>
      <ul className="divide-y divide-line">
        {items.map((c) => (
          <li key={c.id} data-testid="product-review" className="py-3">
            <div className="flex flex-wrap items-center gap-x-2 text-[13px] text-muted">
              <Stars value={c.grade} label={t('grades.orderLabel')} testId="product-review-stars" size={14} />
              <span className="font-semibold text-ink">
                <bdi>{c.author || t('grades.anonymous')}</bdi>
              </span>
              <span>· {day.format(new Date(c.createdAt))}</span>
            </div>
            <p data-testid="product-review-text" className="mt-1 text-[15px] whitespace-pre-line">
              <bdi>{c.comment}</bdi>
            </p>
          </li>
        ))}
      </ul>
      {comments.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          data-testid="product-reviews-more"
          busy={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {t('grades.more')}
        </Button>
      )}
    </section>
  );
}
