import { useState } from 'react';
import type { AuditEntry, AuditList } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { dateTime } from '../../format.ts';
import { useT } from '../../i18n.ts';
import { btn, ErrorNote, Loading, useLoad } from '../../ui.tsx';

/** The fields whose values differ between before and after (every field of a create or a delete). */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => k !== 'version' && JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

const short = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? '—' : text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

/** One change: when, who, what, and each field's value before and after. */
export function AuditRow({ entry, showObject = false }: { entry: AuditEntry; showObject?: boolean }) {
  const tr = useT();
  const fields = changedFields(entry);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <time dateTime={entry.at} className="text-slate-500">
          {dateTime(entry.at, tr)}
        </time>
        <span className="font-medium">{entry.actor.name}</span>
        <span className="text-slate-500">{tr.role(entry.actor.role)}</span>
        <span className="rounded bg-slate-100 px-1.5" data-testid="audit-action">
          {tr.t(`admin.audit.action.${entry.action}`)}
        </span>
        {showObject && (
          <span className="text-slate-600">
            {entry.objectType} · <span className="font-mono text-xs">{entry.objectId}</span>
          </span>
        )}
      </div>
      {fields.length > 0 && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          {fields.map((f) => (
            <div key={f} className="contents">
              <dt className="font-mono text-slate-500">{f}</dt>
              <dd className="break-all">
                <del className="text-red-700">{short(entry.before?.[f])}</del> →{' '}
                <ins className="text-emerald-700 no-underline">{short(entry.after?.[f])}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** The audit log, narrowed to an object or a type when named, newest first, a page at a time. */
export function AuditTrail({ objectType, objectId, showObject = false }: { objectType?: string; objectId?: string; showObject?: boolean }) {
  const tr = useT();
  const [pages, setPages] = useState<AuditEntry[][]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [more, setMore] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const query = (cursor: string | null) => {
    const params = new URLSearchParams({ size: '30' });
    if (objectType) params.set('objectType', objectType);
    if (objectId) params.set('objectId', objectId);
    if (cursor) params.set('cursor', cursor);
    return adminCall<AuditList>('GET', `/audit?${params.toString()}`);
  };
  const first = useLoad(
    () =>
      query(null).then((page) => {
        setPages([]);
        setNext(page.nextCursor);
        return page.content;
      }),
    [objectType, objectId],
  );
  if (first.loading && !first.data) return <Loading />;
  if (first.error) return <ErrorNote error={first.error} onRetry={first.reload} />;
  const entries = [...(first.data ?? []), ...pages.flat()];
  return (
    <div className="flex flex-col gap-2" data-testid="audit-trail">
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">{tr.t('admin.audit.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} showObject={showObject} />
          ))}
        </ol>
      )}
      {more.error ? <ErrorNote error={more.error} /> : null}
      {next && (
        <button
          type="button"
          className={btn.secondary}
          disabled={more.loading}
          onClick={() => {
            setMore({ loading: true, error: null });
            query(next).then(
              (page) => {
                setPages((p) => [...p, page.content]);
                setNext(page.nextCursor);
                setMore({ loading: false, error: null });
              },
              (error: unknown) => setMore({ loading: false, error }),
            );
          }}
        >
          {tr.t('admin.audit.more')}
        </button>
      )}
    </div>
  );
}
