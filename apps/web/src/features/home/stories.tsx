import { Suspense, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { imageUrl, pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { lazyPage } from '../../lib/chunk-reload.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';
import { CarouselArrows } from '../../shared/ui/carousel-arrows.tsx';
import { useStories } from './home.api.ts';

const StoryViewer = lazyPage(() => import('./story-viewer.tsx').then((m) => m.StoryViewer));

const seenKey = (merchantId: string) => `dx:${merchantId}:stories-seen`;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function markSeen(merchantId: string, id: string) {
  const seen = new Set((readStored(seenKey(merchantId)) ?? '').split(',').filter(Boolean));
  if (seen.has(id)) return;
  seen.add(id);
  // Only the latest ids matter: old stories leave the list by themselves.
  writeStored(seenKey(merchantId), [...seen].slice(-50).join(','));
  listeners.forEach((l) => l());
}

/** The row of round story previews; a story not yet watched wears a ring in the brand colour. */
export function StoriesRow() {
  const { t, language } = useTranslation();
  const merchant = useCurrentMerchant();
  const { data, isPending } = useStories(true);
  const [openAt, setOpenAt] = useState<number | null>(null);
  const seenRaw = useSyncExternalStore(
    subscribe,
    () => readStored(seenKey(merchant.id)) ?? '',
    () => '',
  );
  const seen = new Set(seenRaw.split(','));
  const onSeen = useCallback((id: string) => markSeen(merchant.id, id), [merchant.id]);
  const onClose = useCallback(() => setOpenAt(null), []);
  const row = useRef<HTMLUListElement>(null);

  if (isPending) {
    return (
      <div aria-hidden="true" className="mt-4 flex gap-3 overflow-hidden pb-1">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex w-[4.75rem] shrink-0 flex-col items-center gap-1.5">
            <span className="size-[4.75rem] rounded-full bg-surface-2 motion-safe:animate-pulse" />
            <span className="h-[1.875rem] pt-1">
              <span className="block h-3 w-12 rounded bg-surface-2 motion-safe:animate-pulse" />
            </span>
          </div>
        ))}
      </div>
    );
  }
  const stories = (data ?? []).filter((s) => s.slides.length > 0);
  if (!stories.length) return null;

  return (
    <section data-testid="stories" aria-label={t('menu.stories')} className="relative mt-4">
      <CarouselArrows track={row} testId="stories" />
      <ul
        ref={row}
        className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:px-0 [&::-webkit-scrollbar]:hidden"
      >
        {stories.map((story, i) => {
          const watched = seen.has(story.id);
          const title = pickText(story.title, language);
          return (
            <li key={story.id} className="w-[4.75rem] shrink-0">
              <button
                type="button"
                data-testid="story-preview"
                data-seen={watched ? 'true' : 'false'}
                onClick={() => setOpenAt(i)}
                className="flex w-full flex-col items-center gap-1.5"
              >
                <span className={`grid size-[4.75rem] place-items-center rounded-full p-[3px] ${watched ? 'bg-line' : 'bg-brand'}`}>
                  <span className="grid size-full place-items-center rounded-full bg-bg p-[2px]">
                    <img
                      src={imageUrl(story.preview, { width: 144, height: 144 })}
                      alt=""
                      width={72}
                      height={72}
                      decoding="async"
                      fetchPriority="low"
                      className="size-full rounded-full bg-surface-2 object-cover"
                    />
                  </span>
                </span>
                <span className="line-clamp-2 h-[1.875rem] w-full text-center text-xs leading-tight font-medium">{title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {openAt !== null && (
        <Suspense fallback={<div className="fixed inset-0 z-50 bg-black" />}>
          <StoryViewer stories={stories} startAt={openAt} onSeen={onSeen} onClose={onClose} />
        </Suspense>
      )}
    </section>
  );
}
