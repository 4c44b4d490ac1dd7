import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router';
import { imageUrl, isSafeInternalPath, pickText, type Story } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { safeExternalUrl } from '../../lib/links.ts';
import { CloseButton } from '../../shared/ui/close-button.tsx';

const SLIDE_MS = 5000;
/** A press shorter than this is a tap (next or previous); longer holds the story. */
const TAP_MS = 250;
const SWIPE_CLOSE_PX = 80;

/**
 * Stories full screen: progress bars, a tap on the far side goes on and on the near side goes back
 * (mirrored right to left), a hold pauses, a swipe down or the close button closes.
 */
export function StoryViewer({
  stories,
  startAt,
  onSeen,
  onClose,
}: {
  stories: Story[];
  startAt: number;
  onSeen: (id: string) => void;
  onClose: () => void;
}) {
  const { t, language } = useTranslation();
  const [pos, setPos] = useState({ story: startAt, slide: 0 });
  const [paused, setPaused] = useState(false);
  const [drag, setDrag] = useState(0);
  const bar = useRef<HTMLSpanElement>(null);
  const animation = useRef<Animation | null>(null);
  const press = useRef<{ x: number; y: number; at: number } | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const story = stories[pos.story]!;
  const slide = story.slides[pos.slide] ?? story.slides[0]!;

  const next = () =>
    setPos((p) => {
      const s = stories[p.story]!;
      if (p.slide + 1 < s.slides.length) return { story: p.story, slide: p.slide + 1 };
      if (p.story + 1 < stories.length) return { story: p.story + 1, slide: 0 };
      queueMicrotask(onClose);
      return p;
    });
  const previous = () =>
    setPos((p) => {
      if (p.slide > 0) return { story: p.story, slide: p.slide - 1 };
      if (p.story > 0) return { story: p.story - 1, slide: 0 };
      return { story: p.story, slide: 0 };
    });

  useEffect(() => {
    onSeen(story.id);
  }, [story.id, onSeen]);

  // The active bar fills over the slide's time, then the next slide comes.
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof el.animate !== 'function') return;
    const a = el.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
      duration: SLIDE_MS,
      fill: 'forwards',
      easing: 'linear',
    });
    a.onfinish = next;
    animation.current = a;
    return () => a.cancel();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart per slide only
  }, [pos.story, pos.slide]);

  useEffect(() => {
    if (paused) animation.current?.pause();
    else animation.current?.play();
  }, [paused]);

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const before = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      const rtl = document.dir === 'rtl';
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowRight') (rtl ? previous : next)();
      else if (e.key === 'ArrowLeft') (rtl ? next : previous)();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      window.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, []);

  const onPointerDown = (e: ReactPointerEvent) => {
    press.current = { x: e.clientX, y: e.clientY, at: performance.now() };
    setPaused(true);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (press.current) setDrag(Math.max(0, e.clientY - press.current.y));
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const p = press.current;
    press.current = null;
    setPaused(false);
    setDrag(0);
    if (!p) return;
    const dy = e.clientY - p.y;
    if (dy > SWIPE_CLOSE_PX) return onClose();
    if (performance.now() - p.at > TAP_MS || Math.abs(e.clientX - p.x) > 30) return;
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
    const fromStart = document.dir === 'rtl' ? box.right - e.clientX : e.clientX - box.left;
    if (fromStart < box.width / 3) previous();
    else next();
  };

  const text = pickText(slide.text, language);
  const internal = slide.link && isSafeInternalPath(slide.link) ? slide.link : null;
  const external = internal ? null : safeExternalUrl(slide.link);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={pickText(story.title, language)}
      data-testid="story-viewer"
      className="fixed inset-0 z-50 grid place-items-center bg-black/95 motion-safe:animate-[dx-fade-in_150ms_ease-out]"
    >
      <div
        className="relative h-full w-full overflow-hidden bg-black select-none sm:h-[min(92dvh,52rem)] sm:w-auto sm:rounded-3xl"
        style={{
          aspectRatio: '9 / 16',
          transform: drag ? `translateY(${drag}px) scale(${1 - drag / 2000})` : undefined,
          opacity: drag ? 1 - drag / 600 : 1,
        }}
      >
        <img
          key={`${pos.story}-${pos.slide}`}
          src={imageUrl(slide.image, { width: 540, height: 960 })}
          alt={text}
          width={540}
          height={960}
          draggable={false}
          className="absolute inset-0 size-full object-cover"
        />
        <div
          className="absolute inset-0 touch-none"
          data-testid="story-tap-area"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            press.current = null;
            setPaused(false);
            setDrag(0);
          }}
        />
        <div className="pointer-events-none absolute inset-x-0 top-0 bg-gradient-to-b from-black/50 to-transparent px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-8">
          <div className="flex gap-1" data-testid="story-progress">
            {story.slides.map((_, i) => (
              <span key={i} className="h-[3px] flex-1 overflow-hidden rounded-full bg-white/35">
                <span
                  ref={i === pos.slide ? bar : undefined}
                  className="block h-full origin-left rounded-full bg-white rtl:origin-right"
                  style={{ transform: `scaleX(${i < pos.slide ? 1 : 0})` }}
                />
              </span>
            ))}
          </div>
          <div className="mt-3 flex items-center justify-between gap-3">
            <p className="truncate text-[15px] font-bold text-white">{pickText(story.title, language)}</p>
            <CloseButton
              ref={closeButton}
              tone="dark"
              label={t('menu.closeStory')}
              testId="story-close"
              onClick={onClose}
              className="pointer-events-auto"
            />
          </div>
        </div>
        {(text || internal || external) && (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-5 pt-16 pb-[max(1.5rem,env(safe-area-inset-bottom))] text-white">
            {text && <p className="text-xl leading-snug font-bold text-balance">{text}</p>}
            {internal && (
              <Link
                to={internal}
                onClick={onClose}
                className="pointer-events-auto mt-4 inline-flex h-11 items-center rounded-full bg-white px-5 text-[15px] font-bold text-black"
              >
                {t('menu.storyMore')}
              </Link>
            )}
            {external && (
              <a
                href={external}
                target="_blank"
                rel="noopener noreferrer"
                className="pointer-events-auto mt-4 inline-flex h-11 items-center rounded-full bg-white px-5 text-[15px] font-bold text-black"
              >
                {t('menu.storyMore')}
              </a>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
