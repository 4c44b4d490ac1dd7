import { dismiss, type ToastItem, type ToastKind } from './toast.tsx';

const TONE: Record<ToastKind, string> = {
  success: 'bg-emerald-600 text-white',
  error: 'bg-red-600 text-white',
  info: 'bg-ink text-bg',
};

/** The notices on screen (toast.tsx keeps them). */
export function ToastList({ list }: { list: readonly ToastItem[] }) {
  return list.map((t) => (
    <div
      key={t.id}
      role={t.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      className={`pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-2xl px-4 py-3 text-[15px] font-medium shadow-lg motion-safe:animate-[dx-toast-in_200ms_ease-out] ${TONE[t.kind]}`}
      onClick={() => dismiss(t.id)}
    >
      <span className="min-w-0 flex-1">{t.text}</span>
      {t.action && (
        <button
          type="button"
          data-testid="toast-action"
          className="shrink-0 rounded-xl bg-white/20 px-3 py-1.5 text-sm font-bold hover:bg-white/30"
          onClick={(event) => {
            event.stopPropagation();
            dismiss(t.id);
            t.action?.run();
          }}
        >
          {t.action.label}
        </button>
      )}
    </div>
  ));
}
