import { useCallback, useEffect, useId, useRef, useState, type DependencyList, type ReactNode } from 'react';
import { errorText } from './api.ts';
import { useT } from './i18n.ts';

/* The console's few shared pieces: a loader for one call, a modal dialog, messages and button styles. */

export const btn = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-emerald-600 px-4 py-2 font-semibold text-white hover:bg-emerald-700 disabled:opacity-50',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50',
  danger:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2 font-medium text-red-700 hover:bg-red-50 disabled:opacity-50',
  small: 'inline-flex min-h-9 items-center justify-center rounded-md px-3 py-1 text-sm font-medium disabled:opacity-50',
};

export const field =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30';

interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the data with a newer answer (a PUT's, an event's). */
  setData: (update: T | ((current: T | undefined) => T | undefined)) => void;
}

const sameKey = (a: readonly unknown[] | null, b: readonly unknown[]) =>
  a !== null && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** Runs `load` when `deps` change and on `reload`; a newer run wins over an older one still under way. */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  // The run that settled last, by its key: loading until the current key's run settles.
  const [settled, setSettled] = useState<readonly unknown[] | null>(null);
  const key = [...deps, round];
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    let live = true;
    const runKey = key;
    latest.current().then(
      (value) => {
        if (!live) return;
        setData(value);
        setError(null);
        setSettled(runKey);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e);
        setSettled(runKey);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  }, key);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, loading: !sameKey(settled, key), reload, setData };
}

/** A clock for what shows elapsed time, moved every `everyMs` (reading the time while rendering is not pure). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function Loading() {
  const tr = useT();
  return (
    <p className="p-6 text-center text-slate-500" role="status">
      {tr.t('loading')}
    </p>
  );
}

export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const tr = useT();
  return (
    <div
      role="alert"
      className="m-4 flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800"
      data-testid="error"
    >
      <span>{errorText(error, tr)}</span>
      {onRetry && (
        <button type="button" className={`${btn.small} border border-red-300 bg-white`} onClick={onRetry}>
          {tr.t('retry')}
        </button>
      )}
    </div>
  );
}

/** A modal dialog (the platform's own: focus kept inside, Escape closes it). */
export function Dialog({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="p-5">
        <h2 id={titleId} className="mb-4 text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** The branch chooser of the board and the stop-list: shown only to staff of several branches. */
export function BranchSelect({
  id,
  value,
  branches,
  onChange,
  all,
}: {
  id: string;
  value: string;
  branches: readonly { id: string; label: string }[];
  onChange: (branchId: string) => void;
  /** The label of an option for every branch (value ''), where the screen offers one. */
  all?: string;
}) {
  const tr = useT();
  if (branches.length <= 1) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {tr.t('branch')}
      </label>
      <select id={id} data-testid={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${field} max-w-xs py-1.5`}>
        {all !== undefined && <option value="">{all}</option>}
        {branches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.label}
          </option>
        ))}
      </select>
    </div>
  );
}
