import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_WITH_ACTION_MS } from '../../lib/constants.ts';
import { useStickyBarRoom } from './sticky-bar.ts';

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  text: string;
  kind: ToastKind;
  /** A button in the notice (a failed call's retry); pressing it closes the notice. */
  action?: ToastAction;
}
export interface ToastAction {
  label: string;
  run: () => void;
}

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismiss(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

/**
 * A short notice at the bottom of the screen, above any sticky bar of buttons (4500 ms, 16 px apart; one with a button
 * stays longer, to be read and pressed). The text is already translated.
 */
export function toast(text: string, kind: ToastKind = 'info', action?: ToastAction): void {
  const id = nextId++;
  const item = { id, text, kind, action };
  items = [...items.slice(-2), item];
  emit();
  shownListeners.forEach((l) => l(item));
  setTimeout(() => dismiss(id), action ? TOAST_WITH_ACTION_MS : TOAST_DURATION_MS);
}

const shownListeners = new Set<(item: ToastItem) => void>();
/** Called with each notice as it is shown (the Telegram mini app buzzes on errors). Returns the unsubscribe. */
export function onToast(listener: (item: ToastItem) => void): () => void {
  shownListeners.add(listener);
  return () => shownListeners.delete(listener);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

// The notices' code arrives with the first one: most visits never show one.
const ToastList = lazy(() => import('./toast-list.tsx').then((m) => ({ default: m.ToastList })));

/** Where notices appear, mounted once by the app: the live region is there from the start, so the first notice is read out too. */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  const [wanted, setWanted] = useState(false);
  if (list.length > 0 && !wanted) setWanted(true);
  const room = useStickyBarRoom(list.length > 0);
  return (
    <div
      aria-live="polite"
      data-testid="toaster"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center px-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
      style={{ gap: TOAST_GAP_PX, bottom: room }}
    >
      {wanted && (
        <Suspense fallback={null}>
          <ToastList list={list} />
        </Suspense>
      )}
    </div>
  );
}
