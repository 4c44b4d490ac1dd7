import { useState, type ChangeEvent } from 'react';
import { MenuDocument, type MenuChange, type MenuImportResult } from '@dasturxon/domain/contracts';
import { adminCall, errorText } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { btn, field } from '../../ui.tsx';

/** What the server named wrong: each problem's path (`products.3.price`) or CSV line (`line 4: price`). */
interface Problem {
  field: string;
  message: string;
}

const problemsOf = (error: unknown): Problem[] => {
  const details = (error as { details?: { fields?: Problem[]; field?: string; message?: string } } | null)?.details;
  if (details?.fields) return details.fields;
  if (details?.field) return [{ field: details.field, message: details.message ?? '' }];
  return [];
};

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The menu's import and export (issue 28, docs/back-office.md "Menu import and export"): download the menu as JSON,
 * choose a file (the JSON document or a CSV of products), see what it would change (a dry run), then apply it.
 */
export function ImportScreen() {
  const tr = useT();
  const [file, setFile] = useState<{ name: string; body: unknown; csv: boolean } | null>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [preview, setPreview] = useState<MenuImportResult | null>(null);
  const [applied, setApplied] = useState<MenuImportResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setError(null);
    try {
      const doc = await adminCall<MenuDocument>('GET', '/menu/export');
      const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'menu.json';
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      setError(e);
    }
  };

  const run = async (dryRun: boolean, chosen = file, chosenMode = mode) => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const query = new URLSearchParams({ dryRun: String(dryRun), mode: chosenMode, ...(chosen.csv ? { format: 'csv' } : {}) });
      const result = await adminCall<MenuImportResult>('POST', `/menu/import?${query.toString()}`, chosen.body);
      if (dryRun) setPreview(result);
      else {
        setApplied(result);
        setPreview(null);
        setFile(null);
      }
    } catch (e) {
      setError(e);
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    setApplied(null);
    setPreview(null);
    setError(null);
    if (!chosen) return;
    const text = await chosen.text();
    const csv = /\.csv$/i.test(chosen.name) || chosen.type === 'text/csv';
    let body: unknown = text;
    if (!csv) {
      try {
        body = JSON.parse(text);
      } catch {
        setError({ details: { fields: [{ field: chosen.name, message: tr.t('admin.import.notJson') }] } });
        return;
      }
      // The same schema as the server's: the problems are named before anything is sent.
      const checked = MenuDocument.safeParse(body);
      if (!checked.success) {
        setError({ details: { fields: checked.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) } });
        return;
      }
    }
    const next = { name: chosen.name, body, csv };
    setFile(next);
    await run(true, next);
  };

  const problems = problemsOf(error);
  return (
    <div className="flex flex-col gap-4" data-testid="import-screen">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{tr.t('admin.nav.import')}</h1>
        <button type="button" className={btn.secondary} onClick={() => void download()} data-testid="import-export">
          {tr.t('admin.import.export')}
        </button>
      </header>
      <p className="text-sm text-slate-600">{tr.t('admin.import.help')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {tr.t('admin.import.file')}
          <input
            type="file"
            accept=".json,.csv,application/json,text/csv"
            onChange={(e) => void choose(e)}
            className={field}
            data-testid="import-file"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {tr.t('admin.import.mode')}
          <select
            className={`${field} w-auto`}
            value={mode}
            disabled={file?.csv}
            onChange={(e) => {
              const next = e.target.value as 'merge' | 'replace';
              setMode(next);
              void run(true, file, next);
            }}
            data-testid="import-mode"
          >
            <option value="merge">{tr.t('admin.import.modeMerge')}</option>
            <option value="replace">{tr.t('admin.import.modeReplace')}</option>
          </select>
        </label>
      </div>

      {error !== null && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800" data-testid="import-errors">
          <p className="font-medium">{errorText(error, tr)}</p>
          {problems.length > 0 && (
            <ul className="mt-2 list-disc ps-5 text-sm">
              {problems.map((p, i) => (
                <li key={i}>
                  <code className="font-mono">{p.field}</code>: {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {busy && <p role="status">{tr.t('loading')}</p>}

      {preview && file && (
        <section className="flex flex-col gap-3" data-testid="import-preview">
          <h2 className="text-lg font-semibold">
            {tr.t('admin.import.preview')} — {file.name}
          </h2>
          <Counts result={preview} />
          {preview.changes.length === 0 ? (
            <p className="rounded-lg bg-slate-100 p-3" data-testid="import-nothing">
              {tr.t('admin.import.nothing')}
            </p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="import-changes">
              {preview.changes.map((change, i) => (
                <ChangeRow key={i} change={change} />
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={btn.primary}
              disabled={busy || preview.changes.length === 0}
              onClick={() => void run(false)}
              data-testid="import-apply"
            >
              {tr.t('admin.import.apply')}
            </button>
            <button
              type="button"
              className={btn.secondary}
              onClick={() => {
                setFile(null);
                setPreview(null);
              }}
            >
              {tr.t('admin.import.cancel')}
            </button>
          </div>
        </section>
      )}

      {applied && (
        <section className="rounded-lg border border-emerald-200 bg-emerald-50 p-3" role="status" data-testid="import-done">
          <p className="font-medium">{tr.t('admin.import.done')}</p>
          <Counts result={applied} />
        </section>
      )}
    </div>
  );
}

function Counts({ result }: { result: MenuImportResult }) {
  const tr = useT();
  return (
    <p className="flex flex-wrap gap-3 text-sm" data-testid="import-counts">
      <span className="rounded bg-emerald-100 px-2 py-1">
        {tr.t('admin.import.create')}: {result.counts.create}
      </span>
      <span className="rounded bg-amber-100 px-2 py-1">
        {tr.t('admin.import.update')}: {result.counts.update}
      </span>
      <span className="rounded bg-slate-200 px-2 py-1">
        {tr.t('admin.import.archive')}: {result.counts.archive}
      </span>
    </p>
  );
}

function ChangeRow({ change }: { change: MenuChange }) {
  const tr = useT();
  const tone = change.action === 'create' ? 'border-emerald-300' : change.action === 'update' ? 'border-amber-300' : 'border-slate-300';
  return (
    <li className={`rounded-lg border-s-4 ${tone} bg-white p-3 shadow-sm`} data-testid="import-change">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-xs font-semibold uppercase text-slate-500">{tr.t(`admin.import.${change.action}`)}</span>
        <span className="text-xs text-slate-500">{change.objectType}</span>
        <span className="font-medium">{change.name || change.ref || change.id}</span>
        <code className="ms-auto text-xs text-slate-400">{change.path}</code>
      </p>
      {change.action !== 'create' && change.fields.length > 0 && (
        <ul className="mt-1 text-sm">
          {change.fields.map((f) => (
            <li key={f.field} className="break-words" data-testid="import-field">
              <span className="font-mono">{f.field}</span>: <span className="text-red-700 line-through">{show(f.before)}</span> →{' '}
              <span className="text-emerald-800">{show(f.after)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
