import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'danger' | 'secondary' | 'soft' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANT: Record<ButtonVariant, string> = {
  primary: 'bg-brand font-bold text-on-brand shadow-sm transition-[filter,opacity] hover:brightness-95 active:brightness-90',
  danger: 'bg-red-600 font-bold text-white shadow-sm transition-[filter,opacity] hover:brightness-95 active:brightness-90',
  secondary: 'border border-line bg-surface font-semibold transition-colors hover:bg-surface-2',
  soft: 'bg-surface-2 font-semibold transition-colors hover:bg-line',
  ghost: 'font-semibold transition-colors hover:bg-surface-2 disabled:text-muted disabled:hover:bg-transparent',
};
const SIZE: Record<ButtonSize, string> = {
  sm: 'h-11 rounded-full px-4 text-[15px]',
  md: 'h-12 rounded-2xl px-6 text-[15px]',
  lg: 'h-14 rounded-2xl px-6 text-base',
};

/**
 * The look of a button, for what must be another element (a `Link` to the next page, an `<a>`):
 * primary (the one action of a screen), danger (an action that cannot be undone), secondary and soft
 * (the other choices), ghost (a quiet action in a line of text).
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  wide = false,
}: { variant?: ButtonVariant; size?: ButtonSize; wide?: boolean } = {}): string {
  return `relative inline-flex items-center justify-center gap-2 disabled:cursor-not-allowed ${variant === 'ghost' ? '' : 'disabled:opacity-60'} ${SIZE[size]} ${VARIANT[variant]} ${wide ? 'w-full' : ''}`;
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** As wide as its container. */
  wide?: boolean;
  /** Its call is running: a spinner in place of the label, disabled, `aria-busy`. */
  busy?: boolean;
  testId?: string;
};

/** The one button: a variant and a size, and a spinner while its call runs. */
export function Button({
  variant,
  size,
  wide,
  busy = false,
  testId,
  disabled,
  className = '',
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      data-testid={testId}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={`${buttonClass({ variant, size, wide })} ${className}`}
      {...rest}
    >
      <span className={`inline-flex items-center justify-center gap-2 ${busy ? 'invisible' : ''}`}>{children}</span>
      {busy && (
        <span aria-hidden="true" className="absolute size-6 animate-spin rounded-full border-[3px] border-current/30 border-t-current" />
      )}
    </button>
  );
}
