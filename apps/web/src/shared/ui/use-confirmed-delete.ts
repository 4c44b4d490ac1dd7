import { useState } from 'react';
import { useErrorText } from './use-error-text.ts';

/**
 * A delete that asks first (a saved address, a card): the item asked about, whether its call runs, and why it
 * failed. `remove` makes the call; `done` follows a success (the list updated, a toast), after the sheet closes.
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<void>, done: (item: T) => void) {
  const errorText = useErrorText();
  const [doomed, setDoomed] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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
    confirm: async () => {
      if (doomed === null) return;
      setBusy(true);
      setFailure(null);
      try {
        await remove(doomed);
        setDoomed(null);
        done(doomed);
      } catch (e) {
        setFailure(errorText(e));
      } finally {
        setBusy(false);
      }
    },
  };
}
