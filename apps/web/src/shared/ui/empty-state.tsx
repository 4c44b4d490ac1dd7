import type { ElementType, ReactNode } from 'react';

/**
 * Where a list or a page has nothing to show (an empty basket, no search results, an empty menu) or
 * could not load it: an icon, a title, a line of text and what to do next. `page` is the look of a
 * whole screen (the empty basket), `inline` of a block inside one; `framed` draws the block's outline.
 * The title is an h2 unless `Title` says otherwise (the page's h1, a sheet's title).
 */
export function EmptyState({
  testId,
  icon,
  title,
  text,
  action,
  size = 'inline',
  framed = false,
  Title = 'h2',
  role,
  className = '',
}: {
  testId: string;
  icon: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  size?: 'page' | 'inline';
  framed?: boolean;
  Title?: ElementType<{ className?: string; children?: ReactNode }>;
  /** `status` when it appears in answer to what the customer typed (no search results): it is read out. */
  role?: 'status';
  className?: string;
}) {
  const page = size === 'page';
  return (
    <section
      data-testid={testId}
      role={role}
      className={`flex flex-col items-center text-center ${
        page ? 'mx-auto w-full max-w-md px-5 py-14 motion-safe:animate-[dx-fade-in_200ms_ease-out]' : 'px-6 py-10'
      } ${framed ? 'rounded-3xl border border-dashed border-line bg-surface' : ''} ${className}`}
    >
      <span
        aria-hidden="true"
        className={
          page
            ? 'mb-6 grid size-24 place-items-center rounded-[2rem] bg-brand text-on-brand shadow-[0_12px_32px_-12px_var(--brand)]'
            : 'mb-4 grid size-16 place-items-center rounded-full bg-brand/15 text-ink'
        }
      >
        {icon}
      </span>
      <Title
        className={
          page ? 'text-2xl leading-tight font-extrabold tracking-tight text-balance' : 'text-lg leading-snug font-bold text-balance'
        }
      >
        {title}
      </Title>
      {text && (
        <p className={`text-muted text-pretty ${page ? 'mt-3 text-[15px] leading-relaxed' : 'mt-1.5 max-w-xs text-sm leading-relaxed'}`}>
          {text}
        </p>
      )}
      {action && <div className={`flex w-full flex-col items-center ${page ? 'mt-8' : 'mt-5'}`}>{action}</div>}
    </section>
  );
}
