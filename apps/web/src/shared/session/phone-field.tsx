import { useLayoutEffect, useRef } from 'react';
import { TextField } from '../ui/text-field.tsx';
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

  return (
    <TextField
      ref={input}
      id={id}
      testId={testId}
      label={label}
      error={error}
      size="lg"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      dir="ltr"
      autoFocus={autoFocus}
      disabled={disabled}
      value={value}
      placeholder="+998 90 123 45 67"
      className="text-start"
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
    />
  );
}
