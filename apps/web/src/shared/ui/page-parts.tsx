import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { ChevronStartIcon } from '../session/flow-icons.tsx';
import { buttonClass } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { useErrorText } from './use-error-text.ts';
import { useShowFailure, worthRetrying } from './failed-call.ts';

/*
 * The parts the profile's pages share (its orders, addresses and cards, and the addresses picker), in one module so
 * they travel as one file: the way back, a failed load with a retry, and a delete that asks first.
 */

/** The link back at the top of a page of the profile (its orders, addresses, cards), pointing the reading way. */
export function BackLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="inline-flex h-10 items-center gap-1 rounded-xl px-1 text-[15px] font-semibold text-muted hover:text-ink"
    >
      <ChevronStartIcon size={20} className="rtl:-scale-x-100" />
      {label}
    </Link>
  );
}

/** A page or list whose call failed: the reason in the customer's language and a button that asks again. */
export function LoadFailed({ testId, icon, error, onRetry }: { testId: string; icon: ReactNode; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <EmptyState
      testId={testId}
      icon={icon}
      title={errorText(error)}
      action={
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}

/**
 * A delete that asks first (a saved address, a card): the item asked about, whether its call runs, and why it
 * failed. `remove` makes the call; `done` follows a success (the list updated, a toast), after the sheet closes.
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<void>, done: (item: T) => void) {
  const errorText = useErrorText();
  const showFailure = useShowFailure();
  const [doomed, setDoomed] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async (item: T | null) => {
    if (item === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await remove(item);
      setDoomed(null);
      done(item);
    } catch (e) {
      // No connection or no answer: the shared notice with a retry, the sheet closed; a refusal stays in the sheet.
      if (worthRetrying(e)) {
        setDoomed(null);
        showFailure(e, () => void confirm(item));
      } else setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return {
    doomed,
    busy,
    failure,
    ask: (item: T) => {
      setFailure(null);
      setDoomed(item);
    },
    close: () => {
      setDoomed(null);
      setFailure(null);
    },
    confirm: () => confirm(doomed),
  };
}
