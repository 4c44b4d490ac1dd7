import { useEffect, useRef, useState } from 'react';
import { OTP_CODE_LENGTH } from '@dasturxon/domain';

/**
 * The code from the SMS: one real input (so the phone offers the code from the message, and a
 * paste fills every box) drawn as one box per digit.
 */
export function CodeField({
  id,
  label,
  value,
  onChange,
  invalid,
  busy,
  autoFocus,
  length = OTP_CODE_LENGTH,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** While the code is being checked: read-only, so the field keeps the focus and the keyboard stays up. */
  busy?: boolean;
  autoFocus?: boolean;
  length?: number;
  describedBy?: string;
}) {
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // A refused code is cleared by its step; the field keeps the focus, so the next digit starts the new try.
  useEffect(() => {
    const el = input.current;
    if (invalid && el && document.activeElement !== el) el.focus();
  }, [invalid]);
  const active = Math.min(value.length, length - 1);
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div
        dir="ltr"
        className={`relative mx-auto grid max-w-xs gap-2`}
        style={{ gridTemplateColumns: `repeat(${length}, minmax(0, 1fr))` }}
      >
        {Array.from({ length }, (_, i) => {
          const isActive = focused && i === active;
          return (
            <div
              key={i}
              aria-hidden="true"
              className={`grid aspect-[4/5] place-items-center rounded-2xl border-2 bg-surface text-2xl font-bold tabular-nums transition-colors ${
                invalid
                  ? 'border-red-500 text-red-600 dark:text-red-400'
                  : isActive
                    ? 'border-ink'
                    : value[i]
                      ? 'border-ink/25'
                      : 'border-line'
              }`}
            >
              {value[i] ?? (isActive ? <span className="h-7 w-0.5 animate-pulse rounded-full bg-ink" /> : '')}
            </div>
          );
        })}
        <input
          ref={input}
          id={id}
          data-testid="code-input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={length}
          autoFocus={autoFocus}
          readOnly={busy}
          aria-busy={busy || undefined}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          // The active box shows the focus; the page's focus outline would frame all six.
          style={{ outline: 'none' }}
          onFocus={(e) => {
            setFocused(true);
            // A whole code is selected (typing replaces it), else typing goes on at the end.
            const el = e.currentTarget;
            const place = () => (el.value.length >= length ? el.select() : el.setSelectionRange(el.value.length, el.value.length));
            place();
            requestAnimationFrame(place);
          }}
          onBlur={() => setFocused(false)}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, length))}
          className="absolute inset-0 h-full w-full cursor-text bg-transparent text-transparent caret-transparent outline-none selection:bg-transparent"
        />
      </div>
    </div>
  );
}
