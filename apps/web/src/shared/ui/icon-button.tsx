import type { ComponentProps } from 'react';

export type IconButtonTone = 'plain' | 'soft' | 'floating' | 'dark';
export type IconButtonSize = 'sm' | 'md' | 'lg';

const TONE: Record<IconButtonTone, string> = {
  /** In a line of text or a list row: only the icon until hovered. */
  plain: 'text-muted hover:bg-surface-2 hover:text-ink',
  /** On a surface: a grey disc. */
  soft: 'bg-surface-2 text-ink hover:bg-line',
  /** Over a picture: a frosted disc of the surface colour. */
  floating: 'bg-surface/85 text-ink shadow-sm backdrop-blur-sm',
  /** Over a dark picture or video: a dark frosted disc. */
  dark: 'bg-black/30 text-white backdrop-blur-sm',
};
const SIZE: Record<IconButtonSize, string> = { sm: 'size-8', md: 'size-9', lg: 'size-10' };

/** A round button that shows only an icon; `label` is what it is called (the screen reader's and voice control's name). */
export function IconButton({
  label,
  tone = 'plain',
  size = 'md',
  testId,
  className = '',
  type = 'button',
  children,
  ...rest
}: Omit<ComponentProps<'button'>, 'aria-label'> & { label: string; tone?: IconButtonTone; size?: IconButtonSize; testId?: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      data-testid={testId}
      className={`grid shrink-0 place-items-center rounded-full transition-colors disabled:opacity-40 ${SIZE[size]} ${TONE[tone]} ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}
