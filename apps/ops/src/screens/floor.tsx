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
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-sm">
                {floor.tables.map((table) => (
                  <li
                    key={table.sessionId}
                    data-testid="floor-table"
                    data-table={table.tableName}
                    className="flex flex-wrap items-center gap-x-6 gap-y-2 px-3 py-3"
                  >
                    <span className="min-w-28 flex-1">
                      <span className="block font-semibold">{tr.t('floorTableName', { table: table.tableName })}</span>
                      <span className="block text-sm text-slate-500">{pickText(table.hallName, tr.content)}</span>
                      {table.paidOnline && (
                        <span
                          className="mt-1 inline-block rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800"
                          data-testid="floor-table-paid-online"
                        >
                          {tr.t('floorPaidOnline', {
                            sum: money(table.paidOnline.total, tr),
                            provider:
                              table.paidOnline.provider === 'PAYME' ? 'Payme' : table.paidOnline.provider === 'CLICK' ? 'Click' : 'Uzum',
                            time: time(table.paidOnline.paidAt),
                          })}
                        </span>
                      )}
                    </span>
                    <dl className="grid grid-cols-3 gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap">
                      <Figure label={tr.t('floorOpenedAt')} value={time(table.openedAt)} />
                      <Figure label={tr.t('floorOrders')} value={String(table.totals.orders)} testId="floor-table-orders" />
                      <Figure label={tr.t('floorTotal')} value={money(table.totals.total, tr)} />
                      <Figure label={tr.t('floorPaid')} value={money(table.totals.paid, tr)} />
                      <Figure
                        label={tr.t('floorDue')}
                        value={money(table.totals.due, tr)}
                        testId="floor-table-due"
                        strong={table.totals.due > 0}
                      />
                    </dl>
                    <button
                      type="button"
                      className={`${btn.danger} min-h-9 py-1 text-sm whitespace-nowrap`}
                      data-testid="floor-table-close"
                      disabled={busy === table.sessionId}
                      onClick={() => closeTable(table)}
                    >
                      {tr.t('floorCloseTable')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** One figure of a table's bill: its name over its value. */
function Figure({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`tabular-nums whitespace-nowrap ${strong ? 'font-bold text-red-700' : 'font-medium'}`} data-testid={testId}>
        {value}
      </dd>
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
          <span className="block text-lg font-bold">{tr.t('floorTableName', { table: call.tableName })}</span>
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
