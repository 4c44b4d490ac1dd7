import { useState, type FormEvent } from 'react';
import { pickText } from '@dasturxon/domain';
import type { AdminHall, AdminTable, LocalizedText } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { isStale, LocalizedFields, SaveBar } from '../form.tsx';
import { StaleNote } from './stale-note.tsx';

type List<T> = { content: T[] };

/** The console's field without its full width, for the small inputs of a row. */
const box = field.replace('w-full ', '');

/**
 * The halls and tables of a branch for dine-in (area `tables`: owner, admin): a hall is added, renamed and removed
 * (with its tables); a table is added to a hall, renamed, given its seats and removed. Every change is its own
 * versioned call; a stale one says so and loads the lists again.
 */
export function TablesEditor({ branchId }: { branchId: string }) {
  const tr = useT();
  const halls = useLoad(() => adminCall<List<AdminHall>>('GET', `/branches/${branchId}/halls`), [branchId]);
  const tables = useLoad(() => adminCall<List<AdminTable>>('GET', `/branches/${branchId}/tables`), [branchId]);
  const [failed, setFailed] = useState<unknown>(null);
  const [adding, setAdding] = useState(false);
  if ((halls.loading && !halls.data) || (tables.loading && !tables.data)) return <Loading />;
  if (halls.error || tables.error)
    return <ErrorNote error={halls.error ?? tables.error} onRetry={() => (halls.reload(), tables.reload())} />;
  const reload = () => {
    halls.reload();
    tables.reload();
  };
  /** Runs one change; on success or a stale write the lists are read again. */
  const run = (call: Promise<unknown>): Promise<boolean> =>
    call.then(
      () => {
        setFailed(null);
        reload();
        return true;
      },
      (error: unknown) => {
        setFailed(error);
        if (isStale(error)) reload();
        return false;
      },
    );
  const allTables = tables.data?.content ?? [];

  return (
    <div className="flex flex-col gap-3" data-testid="branch-tables">
      {failed ? (
        <>
          <StaleNote error={failed} />
          <ErrorNote error={failed} />
        </>
      ) : null}
      {(halls.data?.content ?? []).map((hall) => (
        <HallCard
          key={`${hall.id}:${hall.version}`}
          hall={hall}
          tables={allTables.filter((t) => t.hallId === hall.id)}
          taken={allTables.map((t) => t.name)}
          branchId={branchId}
          run={run}
        />
      ))}
      {halls.data?.content.length === 0 && <p className="text-sm text-slate-500">{tr.t('admin.branches.noHalls')}</p>}
      {adding ? (
        <HallNameForm
          initial={{}}
          onCancel={() => setAdding(false)}
          onSave={(name) =>
            run(adminCall('POST', `/branches/${branchId}/halls`, { name })).then((ok) => {
              if (ok) setAdding(false);
            })
          }
        />
      ) : (
        <div>
          <button type="button" className={btn.secondary} data-testid="hall-add" onClick={() => setAdding(true)}>
            + {tr.t('admin.branches.addHall')}
          </button>
        </div>
      )}
    </div>
  );
}

function HallNameForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: LocalizedText;
  onSave: (name: LocalizedText) => Promise<void>;
  onCancel: () => void;
}) {
  const tr = useT();
  const [name, setName] = useState(initial);
  const [saving, setSaving] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    void onSave(name).finally(() => setSaving(false));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3" data-testid="hall-form">
      <LocalizedFields label={tr.t('admin.branches.hallName')} value={name} onChange={setName} testId="hall-name" />
      <SaveBar saving={saving} error={null} onCancel={onCancel} />
    </form>
  );
}

function HallCard({
  hall,
  tables,
  taken,
  branchId,
  run,
}: {
  hall: AdminHall;
  tables: AdminTable[];
  /** The names of the branch's tables: a name is unique in the branch (the API answers 400 on body.name). */
  taken: string[];
  branchId: string;
  run: (call: Promise<unknown>) => Promise<boolean>;
}) {
  const tr = useT();
  const [renaming, setRenaming] = useState(false);
  const [newName, setNewName] = useState('');
  const [newSeats, setNewSeats] = useState('4');
  const duplicate = taken.includes(newName.trim());
  const title = pickText(hall.name, tr.content) || '—';
  const path = `/branches/${branchId}`;

  return (
    <section className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-testid="hall" data-id={hall.id}>
      {renaming ? (
        <HallNameForm
          initial={hall.name}
          onCancel={() => setRenaming(false)}
          onSave={(name) =>
            run(
              adminCall('PUT', `${path}/halls/${hall.id}`, { name, priority: hall.priority, active: hall.active, version: hall.version }),
            ).then((ok) => {
              if (ok) setRenaming(false);
            })
          }
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="flex-1 font-semibold" data-testid="hall-title">
            {title}
          </h4>
          <button type="button" className={`${btn.small} text-slate-700 hover:bg-slate-100`} onClick={() => setRenaming(true)}>
            {tr.t('admin.branches.rename')}
          </button>
          <button
            type="button"
            className={`${btn.small} text-red-700 hover:bg-red-50`}
            data-testid="hall-remove"
            onClick={() => {
              if (window.confirm(tr.t('admin.branches.removeHallConfirm', { hall: title, count: tables.length })))
                void run(adminCall('DELETE', `${path}/halls/${hall.id}?version=${hall.version}`));
            }}
          >
            {tr.t('admin.branches.remove')}
          </button>
        </div>
      )}
      <ul className="flex flex-col gap-1">
        {tables.map((table) => (
          <TableRow key={`${table.id}:${table.version}`} table={table} path={path} run={run} />
        ))}
      </ul>
      <form
        className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2"
        data-testid="table-add"
        onSubmit={(e) => {
          e.preventDefault();
          if (duplicate) return;
          void run(adminCall('POST', `${path}/tables`, { hallId: hall.id, name: newName.trim(), seats: Number(newSeats) })).then((ok) => {
            if (ok) setNewName('');
          });
        }}
      >
        <input
          aria-label={tr.t('admin.branches.tableName')}
          placeholder={tr.t('admin.branches.tableName')}
          data-testid="table-new-name"
          maxLength={32}
          required
          aria-invalid={duplicate || undefined}
          className={`${box} w-32 px-2 py-1.5 ${duplicate ? 'border-red-500 bg-red-50' : ''}`}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
        />
        <label className="flex items-center gap-1 text-sm">
          <input
            type="number"
            min={1}
            max={100}
            required
            data-testid="table-new-seats"
            className={`${box} w-20 px-2 py-1.5`}
            value={newSeats}
            onChange={(e) => setNewSeats(e.target.value)}
          />
          {tr.t('admin.branches.seats')}
        </label>
        <button type="submit" className={`${btn.small} border border-slate-300 bg-white`}>
          + {tr.t('admin.branches.addTable')}
        </button>
        {duplicate && (
          <span role="alert" className="text-sm text-red-700" data-testid="table-taken">
            {tr.t('admin.branches.tableTaken')}
          </span>
        )}
      </form>
    </section>
  );
}

function TableRow({ table, path, run }: { table: AdminTable; path: string; run: (call: Promise<unknown>) => Promise<boolean> }) {
  const tr = useT();
  const [name, setName] = useState(table.name);
  const [seats, setSeats] = useState(String(table.seats));
  const changed = name.trim() !== table.name || Number(seats) !== table.seats;
  return (
    <li className="flex flex-wrap items-center gap-2" data-testid="table" data-id={table.id}>
      <form
        className="flex flex-1 flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run(
            adminCall('PUT', `${path}/tables/${table.id}`, {
              hallId: table.hallId,
              name: name.trim(),
              seats: Number(seats),
              priority: table.priority,
              active: table.active,
              version: table.version,
            }),
          );
        }}
      >
        <input
          aria-label={tr.t('admin.branches.tableName')}
          data-testid="table-name"
          maxLength={32}
          required
          className={`${box} w-32 px-2 py-1.5`}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <label className="flex items-center gap-1 text-sm">
          <input
            type="number"
            min={1}
            max={100}
            required
            data-testid="table-seats"
            className={`${box} w-20 px-2 py-1.5`}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
          {tr.t('admin.branches.seats')}
        </label>
        {changed && (
          <button type="submit" className={`${btn.small} bg-emerald-600 text-white`} data-testid="table-save">
            {tr.t('admin.form.save')}
          </button>
        )}
      </form>
      <button
        type="button"
        className={`${btn.small} text-red-700 hover:bg-red-50`}
        data-testid="table-remove"
        onClick={() => void run(adminCall('DELETE', `${path}/tables/${table.id}?version=${table.version}`))}
      >
        {tr.t('admin.branches.remove')}
      </button>
    </li>
  );
}
