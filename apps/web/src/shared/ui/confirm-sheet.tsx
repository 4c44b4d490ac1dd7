import type { ReactNode } from 'react';
import { BottomSheet } from './bottom-sheet.tsx';
import { Button } from './button.tsx';

/**
 * Yes or no to an action that cannot wait for undo (log out, delete the account, clear the basket):
 * a bottom sheet with an icon, the question, what it means, confirm and cancel. While `busy` (the
 * action's call runs) it does not close and the confirm button spins; `error` says why it failed.
 */
export function ConfirmSheet({
  open,
  onOpenChange,
  testId,
  icon,
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  confirmDisabled = false,
  error,
  onConfirm,
  nested,
  confirmTestId = `${testId}-confirm`,
  cancelTestId = `${testId}-cancel`,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  testId: string;
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** The action cannot be taken now (the children say why). */
  confirmDisabled?: boolean;
  error?: string | null;
  onConfirm: () => void;
  /** Asked from inside another sheet. */
  nested?: boolean;
  confirmTestId?: string;
  cancelTestId?: string;
  /** What the answer needs besides yes or no (the reason for cancelling an order), between the text and the buttons. */
  children?: ReactNode;
}) {
  return (
    <BottomSheet
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      dismissible={!busy}
      nested={nested}
      testId={testId}
      title={title}
      description={text}
      icon={
        <span
          className={`grid size-14 place-items-center rounded-2xl ${danger ? 'bg-red-600/10 text-red-600 dark:text-red-400' : 'bg-surface-2 text-ink'}`}
        >
          {icon}
        </span>
      }
    >
      {children}
      {error && (
        <p role="alert" className="mt-4 rounded-xl bg-red-600/10 px-3.5 py-2.5 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2.5">
        <Button
          variant={danger ? 'danger' : 'primary'}
          size="lg"
          busy={busy}
          disabled={confirmDisabled}
          testId={confirmTestId}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
        <Button variant="soft" size="lg" disabled={busy} testId={cancelTestId} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
      </div>
    </BottomSheet>
  );
}
