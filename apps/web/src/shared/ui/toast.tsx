import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_GAP_PX } from '@dasturxon/domain';

export type ToastKind = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  text: string;
  kind: ToastKind;
}

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** A short notice at the bottom of the screen (4500 ms, 16 px apart). The text is already translated. */
export function toast(text: string, kind: ToastKind = 'info'): void {
  const id = nextId++;
  items = [...items.slice(-2), { id, text, kind }];
  emit();
  setTimeout(() => dismiss(id), TOAST_DURATION_MS);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const TONE: Record<ToastKind, string> = {
  success: 'bg-emerald-600 text-white',
  error: 'bg-red-600 text-white',
  info: 'bg-ink text-bg',
};

export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items, () => items);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center px-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
      style={{ gap: TOAST_GAP_PX }}
    >
      {list.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          className={`pointer-events-auto w-full max-w-sm rounded-2xl px-4 py-3 text-[15px] font-medium shadow-lg motion-safe:animate-[dx-toast-in_200ms_ease-out] ${TONE[t.kind]}`}
          onClick={() => dismiss(t.id)}
        >
          {t.text}
        </div>
      ))}
    </div>
  );
}
