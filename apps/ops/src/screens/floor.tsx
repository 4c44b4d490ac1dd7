import { useState } from 'react';
import { Link } from 'react-router';
import { pickText, type WaiterCallKind } from '@dasturxon/domain';
import type { FloorCall, FloorTable } from '@dasturxon/domain/contracts';
import { api, errorText } from '../api.ts';
import { useT } from '../i18n.ts';
import { money, time } from '../format.ts';
import { useFloor } from '../floor.tsx';
import { CALL_KIND_LABEL, callActions, callWaited, floorOfBranch } from '../floor-live.ts';
import { branchChoices, rememberBranch, rememberedBranch, useSession } from '../session.ts';
import { btn, BranchSelect, ErrorNote, Loading, useNow } from '../ui.tsx';

const KIND_TONE: Record<WaiterCallKind, string> = {
  WAITER: 'bg-sky-100 text-sky-900',
  BILL_CASH: 'bg-amber-100 text-amber-900',
  BILL_CARD: 'bg-violet-100 text-violet-900',
};

/**
 * The floor (issue 32; docs/restaurant.md, "QR tables"): the tables' calls to the waiter, oldest first, each taken
 * ("coming") and marked done, and the tables with a running session, their bills' totals, each closed when the guests
 * leave. Live: the console's floor stream (floor.tsx) reads it again at every change. The QR codes of the branch's
 * tables print from here.
 */
export function FloorScreen() {
  const tr = useT();
  const session = useSession();
  const state = useFloor();
  const branches = branchChoices(session, tr.content);
  const [branchId, setBranchId] = useState(() => {
    const remembered = rememberedBranch();
    return branches.some((b) => b.id === remembered) ? remembered : '';
  });
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const now = useNow(30_000);
  if (!state) return null;
  const floor = state.floor ? floorOfBranch(state.floor, branchId) : undefined;
  const qrBranch = branchId || branches[0]?.id || '';

  const act = async (id: string, action: () => Promise<unknown>) => {
    setBusy(id);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      // 409 WAITER_CALL_MOVE_INVALID: someone else moved it first; the catalogue's words, and the floor as it is now.
      setFailure(error);
    } finally {
      setBusy(null);
      state.reload();
    }
  };
  const closeTable = (table: FloorTable) => {
    if (!window.confirm(tr.t('floorCloseTableConfirm', { table: table.tableName }))) return;
    void act(table.sessionId, () => api.closeTable(table.sessionId));
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-3" data-testid="floor-screen" data-live={state.live}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{tr.t('floorTitle')}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <BranchSelect
            id="floor-branch"
            value={branchId}
            branches={branches}
            all={tr.t('allBranches')}
            onChange={(id) => {
              setBranchId(id);
              rememberBranch(id);
            }}
          />
          {qrBranch && (
            <Link to={`/floor/qr?branch=${encodeURIComponent(qrBranch)}`} className={btn.secondary} data-testid="floor-qr">
              {tr.t('floorPrintQr')}
            </Link>
          )}
        </div>
      </div>
      {failure !== null && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800" data-testid="floor-failure">
          {errorText(failure, tr)}
        </p>
      )}
      {state.error !== null && <ErrorNote error={state.error} onRetry={state.reload} />}
      {!floor ? (
        <Loading />
      ) : (
        <>
          <section aria-labelledby="floor-calls" className="flex flex-col gap-2">
            <h2 id="floor-calls" className="text-lg font-semibold">
              {tr.t('floorCalls')} <span className="text-slate-500 tabular-nums">({floor.calls.length})</span>
            </h2>
            {floor.calls.length === 0 ? (
              <p className="rounded-xl bg-white p-6 text-center text-slate-500 shadow-sm" data-testid="floor-calls-empty">
                {tr.t('floorCallsEmpty')}
              </p>
            ) : (
              <ul className="grid gap-2 md:grid-cols-2 xl:grid-cols-3">
                {floor.calls.map((call) => (
                  <CallCard
                    key={call.id}
                    call={call}
                    now={now}
                    busy={busy === call.id}
                    onTake={() => void act(call.id, () => api.takeCall(call.id))}
                    onDone={() => void act(call.id, () => api.closeCall(call.id))}
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="floor-tables" className="flex flex-col gap-2">
            <h2 id="floor-tables" className="text-lg font-semibold">
              {tr.t('floorTables')} <span className="text-slate-500 tabular-nums">({floor.tables.length})</span>
            </h2>
            {floor.tables.length === 0 ? (
              <p className="rounded-xl bg-white p-6 text-center text-slate-500 shadow-sm" data-testid="floor-tables-empty">
                {tr.t('floorTablesEmpty')}
              </p>
            ) : (
              <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
                <table className="w-full text-start text-sm">
                  <thead className="bg-slate-50 text-slate-600">
                    <tr>
                      <th className="px-3 py-2 text-start font-medium">{tr.t('floorTable')}</th>
                      <th className="px-3 py-2 text-start font-medium">{tr.t('floorOpenedAt')}</th>
                      <th className="px-3 py-2 text-end font-medium">{tr.t('floorOrders')}</th>
                      <th className="px-3 py-2 text-end font-medium">{tr.t('floorTotal')}</th>
                      <th className="px-3 py-2 text-end font-medium">{tr.t('floorPaid')}</th>
                      <th className="px-3 py-2 text-end font-medium">{tr.t('floorDue')}</th>
                      <th className="px-3 py-2">
                        <span className="sr-only">{tr.t('floorCloseTable')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {floor.tables.map((table) => (
                      <tr key={table.sessionId} data-testid="floor-table" data-table={table.tableName}>
                        <td className="px-3 py-2">
                          <span className="block font-semibold">{table.tableName}</span>
                          <span className="block text-slate-500">{pickText(table.hallName, tr.content)}</span>
                        </td>
                        <td className="px-3 py-2 tabular-nums">{time(table.openedAt)}</td>
                        <td className="px-3 py-2 text-end tabular-nums" data-testid="floor-table-orders">
                          {table.totals.orders}
                        </td>
                        <td className="px-3 py-2 text-end tabular-nums whitespace-nowrap">{money(table.totals.total, tr)}</td>
                        <td className="px-3 py-2 text-end tabular-nums whitespace-nowrap">{money(table.totals.paid, tr)}</td>
                        <td
                          className={`px-3 py-2 text-end font-semibold tabular-nums whitespace-nowrap ${table.totals.due > 0 ? 'text-red-700' : ''}`}
                          data-testid="floor-table-due"
                        >
                          {money(table.totals.due, tr)}
                        </td>
                        <td className="px-3 py-2 text-end">
                          <button
                            type="button"
                            className={`${btn.danger} min-h-9 py-1 text-sm whitespace-nowrap`}
                            data-testid="floor-table-close"
                            disabled={busy === table.sessionId}
                            onClick={() => closeTable(table)}
                          >
                            {tr.t('floorCloseTable')}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function CallCard({
  call,
  now,
  busy,
  onTake,
  onDone,
}: {
  call: FloorCall;
  now: number;
  busy: boolean;
  onTake: () => void;
  onDone: () => void;
}) {
  const tr = useT();
  const actions = callActions(call);
  const waited = callWaited(call, now);
  return (
    <li
      data-testid="floor-call"
      data-status={call.status}
      data-kind={call.kind}
      data-table={call.tableName}
      className={`flex flex-col gap-2 rounded-xl border-s-4 bg-white p-3 shadow-sm ${call.status === 'OPEN' ? 'border-red-500' : 'border-emerald-500'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <span>
          <span className="block text-lg font-bold">{call.tableName}</span>
          <span className="block text-sm text-slate-500">{pickText(call.hallName, tr.content)}</span>
        </span>
        <span className="flex flex-col items-end gap-1">
          <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${KIND_TONE[call.kind]}`} data-testid="floor-call-kind">
            {tr.t(CALL_KIND_LABEL[call.kind])}
          </span>
          <span
            className={`text-sm tabular-nums ${waited >= 5 && call.status === 'OPEN' ? 'font-bold text-red-700' : 'text-slate-600'}`}
            data-testid="floor-call-waited"
          >
            {tr.t('floorWaited', { minutes: waited })}
          </span>
        </span>
      </div>
      {call.note && <p className="text-sm text-slate-800">“{call.note}”</p>}
      {call.status === 'TAKEN' && (
        <p className="text-sm font-medium text-emerald-800" data-testid="floor-call-taken">
          {tr.t('floorTakenBy', { name: call.takenBy ?? '—' })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.take && (
          <button
            type="button"
            className={`${btn.primary} min-h-9 py-1 text-sm`}
            disabled={busy}
            data-testid="floor-call-take"
            onClick={onTake}
          >
            {tr.t('floorTake')}
          </button>
        )}
        {actions.done && (
          <button
            type="button"
            className={`${btn.secondary} min-h-9 py-1 text-sm`}
            disabled={busy}
            data-testid="floor-call-done"
            onClick={onDone}
          >
            {tr.t('floorDone')}
          </button>
        )}
      </div>
    </li>
  );
}
