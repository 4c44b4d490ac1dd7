import { useLayoutEffect, useRef } from 'react';
import { AlertIcon } from '../ui/icons.tsx';
import { isPhoneBlank, nextPhoneInput } from './phone-mask.ts';

/**
 * The phone input of the login and of the phone change: `+998 90 123 45 67` formatted as it is
 * typed (phone-mask.ts), the phone keyboard, the browser's own number offered for autofill.
 */
export function PhoneField({
  id,
  label,
  value,
  onChange,
  error,
  autoFocus,
  disabled,
  testId = 'phone-input',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = input.current;
    if (el && caret.current !== null && document.activeElement === el) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-muted">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        data-testid={testId}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        autoFocus={autoFocus}
        disabled={disabled}
        value={value}
        placeholder="+998 90 123 45 67"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // The border shows the focus; the page's focus outline would draw a second ring.
        style={{ outline: 'none' }}
        onFocus={(e) => {
          // In a field holding only the country code, the caret goes after it, where typing continues
          // (now for a focus by script, after the browser has placed it for a tap).
          const el = e.currentTarget;
          if (!isPhoneBlank(el.value)) return;
          const toEnd = () => el.setSelectionRange(el.value.length, el.value.length);
          toEnd();
          requestAnimationFrame(() => {
            if (isPhoneBlank(el.value)) toEnd();
          });
        }}
        onChange={(e) => {
          const next = nextPhoneInput(value, e.target.value, e.target.selectionStart ?? e.target.value.length);
          caret.current = next.caret;
          onChange(next.value);
        }}
        className={`h-14 w-full rounded-2xl border bg-surface px-4 text-start text-xl font-semibold tracking-wide tabular-nums outline-none transition-colors placeholder:font-normal placeholder:text-muted/60 focus:border-ink focus:ring-4 focus:ring-ink/10 disabled:opacity-60 rtl:text-end ${
          error ? 'border-red-500' : 'border-line'
        }`}
      />
      <FieldError id={errorId} text={error} />
    </div>
  );
}

export function FieldError({ id, text }: { id: string; text?: string | null }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" data-testid="field-error" className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-600 dark:text-red-400">
      <AlertIcon size={16} className="mt-0.5 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
