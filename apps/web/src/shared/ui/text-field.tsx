import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from './field-error.tsx';

/** The spec's words for a required field left empty ('Iltimos, ushbu maydonni to'ldiring!', section 5). */
export const REQUIRED_KEY = 'form.required';

const SIZE = {
  md: 'h-13 text-[17px]',
  /** A field that is the whole step (the phone number of the login). */
  lg: 'h-14 text-xl font-semibold tracking-wide tabular-nums placeholder:font-normal',
} as const;

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'size'> & {
  id: string;
  label: ReactNode;
  /** What is wrong with the value: shown under the field, which is then `aria-invalid` and described by it. */
  error?: string | null;
  size?: keyof typeof SIZE;
  /** Defaults to the id. */
  testId?: string;
};

/** A labelled input with its error line. Validation is the form's: it passes the message (`REQUIRED_KEY` for an empty required field). */
export function TextField({ id, label, error, size = 'md', testId, className = '', ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={`block text-sm font-semibold text-muted ${size === 'lg' ? 'mb-2' : 'mb-1.5'}`}>
        {label}
      </label>
      <input
        id={id}
        data-testid={testId ?? id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // The border shows the focus; the page's focus outline would draw a second ring.
        style={{ outline: 'none' }}
        className={`w-full min-w-0 rounded-2xl border bg-surface px-4 outline-none transition-colors placeholder:text-muted/60 focus:border-ink focus:ring-4 focus:ring-ink/10 disabled:opacity-60 rtl:[&[dir=ltr]]:text-end ${SIZE[size]} ${
          error ? 'border-red-500' : 'border-line'
        } ${className}`}
        {...input}
      />
      <FieldError id={errorId} text={error} />
    </div>
  );
}
