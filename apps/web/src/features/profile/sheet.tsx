import type { ReactNode } from 'react';
import { Drawer } from 'vaul';

/** A bottom sheet that follows the finger (vaul): confirmations, the language list, the phone change. */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  icon,
  children,
  testId,
  dismissible = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  testId: string;
  dismissible?: boolean;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} dismissible={dismissible} repositionInputs>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Drawer.Content
          data-testid={testId}
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[92dvh] w-full max-w-lg flex-col rounded-t-[28px] border-t border-line bg-surface text-ink outline-none"
        >
          <div aria-hidden="true" className="mx-auto mt-2.5 h-1.5 w-11 shrink-0 rounded-full bg-ink/15" />
          <div className="overflow-y-auto px-5 pt-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
            {icon && <div className="mb-4">{icon}</div>}
            <Drawer.Title className="text-[22px] leading-tight font-extrabold tracking-tight text-balance">{title}</Drawer.Title>
            {description && <Drawer.Description className="mt-2 text-[15px] leading-relaxed text-muted text-pretty">{description}</Drawer.Description>}
            {children}
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

/** Yes or no to an action that cannot wait for undo: log out, delete the account. */
export function ConfirmSheet({
  open,
  onOpenChange,
  testId,
  icon,
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  error,
  onConfirm,
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
  error?: string | null;
  onConfirm: () => void;
}) {
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      testId={testId}
      title={title}
      description={text}
      icon={
        <span className={`grid size-14 place-items-center rounded-2xl ${danger ? 'bg-red-600/10 text-red-600 dark:text-red-400' : 'bg-surface-2 text-ink'}`}>
          {icon}
        </span>
      }
    >
      {error && (
        <p role="alert" className="mt-4 rounded-xl bg-red-600/10 px-3.5 py-2.5 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2.5">
        <button
          type="button"
          data-testid={`${testId}-confirm`}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onConfirm}
          className={`relative inline-flex h-14 items-center justify-center rounded-2xl px-6 text-base font-bold transition-[filter,opacity] hover:brightness-95 active:brightness-90 disabled:opacity-70 ${
            danger ? 'bg-red-600 text-white' : 'bg-brand text-on-brand'
          }`}
        >
          <span className={busy ? 'invisible' : undefined}>{confirmLabel}</span>
          {busy && <span aria-hidden="true" className="absolute size-6 animate-spin rounded-full border-[3px] border-current/30 border-t-current" />}
        </button>
        <button
          type="button"
          data-testid={`${testId}-cancel`}
          disabled={busy}
          onClick={() => onOpenChange(false)}
          className="inline-flex h-14 items-center justify-center rounded-2xl bg-surface-2 px-6 text-base font-semibold transition-colors hover:bg-line"
        >
          {cancelLabel}
        </button>
      </div>
    </Sheet>
  );
}
