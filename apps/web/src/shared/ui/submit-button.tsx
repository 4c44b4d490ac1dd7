import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button.tsx';

/** The wide button that sends a form, with a spinner while its call runs. */
export function SubmitButton({
  busy,
  testId,
  disabled,
  variant = 'primary',
  children,
}: {
  busy: boolean;
  testId: string;
  disabled?: boolean;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant={variant} size="lg" wide busy={busy} disabled={disabled} testId={testId}>
      {children}
    </Button>
  );
}
