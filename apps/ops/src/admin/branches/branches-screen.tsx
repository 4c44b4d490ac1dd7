import { useState, type ReactNode } from 'react';
import { mayChange, pickText } from '@dasturxon/domain';
import type { AdminBranch, AdminCity } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { money } from '../../format.ts';
import { useT } from '../../i18n.ts';
import { useSession } from '../../session.ts';
import { btn, ErrorNote, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { BranchForm } from './branch-form.tsx';
import { SpecialDaysEditor, WeekEditor } from './hours-editor.tsx';
import { TablesEditor } from './tables-editor.tsx';

type List<T> = { content: T[] };

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <h3 className="text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The back office's branches (issue 28): the brand's branches (a manager's own) beside the one open: its fields and
 * point on the map, its week per service type, its holidays and short days, its halls and tables, and its audit.
 * An owner or admin changes everything; a manager only the hours and special days of their branches.
 */
export function BranchesScreen() {
  const tr = useT();
  const { staff } = useSession();
  const list = useLoad(() => adminCall<List<AdminBranch>>('GET', '/branches'), []);
  const cities = useLoad(() => adminCall<List<AdminCity>>('GET', '/cities'), []);
  const [chosen, setChosen] = useState<string | 'new' | null>(null);
  const canEdit = mayChange(staff.role, 'branches');

  if ((list.loading && !list.data) || (cities.loading && !cities.data)) return <Loading />;
  if (list.error || cities.error) return <ErrorNote error={list.error ?? cities.error} onRetry={() => (list.reload(), cities.reload())} />;
  const branches = list.data?.content ?? [];
  const allCities = cities.data?.content ?? [];
  // One branch (a manager's usually): open at once.
  const open = chosen ?? (branches.length === 1 ? branches[0]!.id : null);

  return (
    <div className="flex flex-col gap-3" data-testid="admin-branches">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{tr.t('admin.nav.branches')}</h1>
        {canEdit && (
          <button type="button" className={btn.secondary} data-testid="branch-add" onClick={() => setChosen('new')}>
            + {tr.t('admin.branches.add')}
          </button>
        )}
      </header>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <nav aria-label={tr.t('admin.nav.branches')} className="flex min-w-0 flex-col gap-1" data-testid="branch-list">
          {branches.map((b) => (
            <button
              key={b.id}
              type="button"
              data-testid="branch-item"
              data-id={b.id}
              aria-current={b.id === open || undefined}
              onClick={() => {
                setChosen(b.id);
                // On a phone the branch opens below the list: bring it into sight.
                if (window.matchMedia('(max-width: 1023px)').matches)
                  document.getElementById('branch-open')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
              className={`flex flex-col items-start rounded-lg border px-3 py-2 text-start ${b.id === open ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-200 bg-white hover:bg-slate-50'} ${b.deleted ? 'opacity-60' : ''}`}
            >
              <span className="font-medium">{pickText(b.name, tr.content) || '—'}</span>
              <span className="w-full truncate text-xs opacity-80">{b.address}</span>
              <span className="text-xs opacity-80" data-testid="branch-item-prep">
                {tr.t('admin.branches.prepShort', { n: b.prepMinutes })}
              </span>
              <span className="mt-1 flex flex-wrap gap-1 text-[0.7rem]">
                {b.deleted ? (
                  <span className="rounded bg-slate-300 px-1.5 text-slate-800">{tr.t('admin.branches.archived')}</span>
                ) : b.isActive ? (
                  <span className="rounded bg-emerald-100 px-1.5 text-emerald-800">{tr.t('admin.branches.acceptingShort')}</span>
                ) : (
                  <span className="rounded bg-amber-100 px-1.5 text-amber-800">{tr.t('admin.branches.notAcceptingShort')}</span>
                )}
              </span>
            </button>
          ))}
          {branches.length === 0 && <p className="text-sm text-slate-500">{tr.t('admin.branches.empty')}</p>}
        </nav>
        <div className="min-w-0 scroll-mt-24" id="branch-open">
          {open === 'new' ? (
            <Section title={tr.t('admin.branches.new')} testId="branch-new">
              <BranchForm
                branch={null}
                cities={allCities}
                readOnly={false}
                onCancel={() => setChosen(null)}
                onReload={() => setChosen(null)}
                onSaved={(saved) => {
                  list.reload();
                  setChosen(saved.id);
                }}
              />
            </Section>
          ) : open ? (
            <BranchEditor key={open} id={open} cities={allCities} onChanged={list.reload} />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-500">
              {tr.t('admin.branches.choose')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** One branch: every part of it, all saved against the branch's one version (each save moves it on). */
function BranchEditor({ id, cities, onChanged }: { id: string; cities: AdminCity[]; onChanged: () => void }) {
  const tr = useT();
  const { staff } = useSession();
  const branch = useLoad(() => adminCall<AdminBranch>('GET', `/branches/${id}`), [id]);
  // A reload after a stale write starts every part afresh from the server.
  const [round, setRound] = useState(0);
  const [archive, setArchive] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  if (branch.loading && !branch.data) return <Loading />;
  if (branch.error || !branch.data) return <ErrorNote error={branch.error} onRetry={branch.reload} />;
  const b = branch.data;
  const canEdit = mayChange(staff.role, 'branches');
  const canTables = mayChange(staff.role, 'tables');
  const reload = () => {
    branch.reload();
    setRound((r) => r + 1);
    onChanged();
  };
  const onVersion = (version: number) => branch.setData((current) => current && { ...current, version });
  const versioned = { branchId: b.id, version: b.version, onVersion, onReload: reload };

  return (
    <div className="flex flex-col gap-3" data-testid="branch-editor" data-id={b.id} data-version={b.version}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-xl font-semibold" data-testid="branch-title">
          {pickText(b.name, tr.content) || '—'}
        </h2>
        <span className="text-sm text-slate-500">{tr.t('admin.branches.timeZone', { zone: b.timeZone })}</span>
        {b.isActive && !b.deleted && (
          <span className="text-sm text-slate-500">
            {tr.t('admin.branches.minOrder')}: {money(b.deliveryMinAmount, tr)}
          </span>
        )}
      </div>
      {b.deleted && (
        <p className="rounded-lg border border-slate-300 bg-slate-100 p-3 text-sm text-slate-700" data-testid="branch-archived">
          {tr.t('admin.branches.archivedNote')}
        </p>
      )}
      <Section title={tr.t('admin.branches.details')}>
        <BranchForm
          key={`form-${round}`}
          branch={b}
          cities={cities}
          readOnly={!canEdit || b.deleted}
          onReload={reload}
          onSaved={(saved) => {
            branch.setData(saved);
            onChanged();
          }}
        />
      </Section>
      <Section title={tr.t('admin.branches.hours')} testId="section-hours">
        <WeekEditor key={`week-${round}`} {...versioned} readOnly={b.deleted} />
      </Section>
      <Section title={tr.t('admin.branches.special')} testId="section-special">
        <p className="-mt-2 text-xs text-slate-500">{tr.t('admin.branches.specialHint', { zone: b.timeZone })}</p>
        <SpecialDaysEditor key={`special-${round}`} {...versioned} timeZone={b.timeZone} readOnly={b.deleted} />
      </Section>
      {canTables && (
        <Section title={tr.t('admin.branches.tables')} testId="section-tables">
          {!b.services.dineIn && <p className="-mt-2 text-xs text-amber-700">{tr.t('admin.branches.dineInOff')}</p>}
          <TablesEditor key={`tables-${round}`} branchId={b.id} />
        </Section>
      )}
      {canEdit && !b.deleted && (
        <div className="flex flex-col items-start gap-2">
          {archive.error ? <ErrorNote error={archive.error} /> : null}
          <button
            type="button"
            className={btn.danger}
            data-testid="branch-archive"
            disabled={archive.busy}
            onClick={() => {
              if (!window.confirm(tr.t('admin.branches.archiveConfirm'))) return;
              setArchive({ busy: true, error: null });
              adminCall<AdminBranch>('DELETE', `/branches/${b.id}?version=${b.version}`).then(
                (saved) => {
                  setArchive({ busy: false, error: null });
                  branch.setData(saved);
                  onChanged();
                },
                (error: unknown) => setArchive({ busy: false, error }),
              );
            }}
          >
            {tr.t('admin.branches.archive')}
          </button>
        </div>
      )}
      <details className="rounded-lg border border-slate-200 bg-white p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">{tr.t('admin.nav.audit')}</summary>
        <div className="mt-2">
          <AuditTrail key={`${b.version}`} objectId={b.id} showObject />
        </div>
      </details>
    </div>
  );
}
