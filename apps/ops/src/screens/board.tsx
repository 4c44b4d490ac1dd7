import { useState } from 'react';
import { BOARD_COLUMNS, boardColumnOf, type BoardColumn } from '@dasturxon/domain';
import type { StaffOrder } from '@dasturxon/domain/contracts';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import { OrderCard } from '../orders/card.tsx';
import { useLiveOrders } from '../orders/live.ts';
import { RefundsSection, seesRefunds } from '../orders/refunds.tsx';
import { branchChoices, rememberBranch, rememberedBranch, useSession } from '../session.ts';
import { BranchSelect, ErrorNote, Loading, useNow } from '../ui.tsx';

/** Finished orders of the day shown in the last column, newest first. */
const DONE_SHOWN = 40;

const byTime = (a: StaffOrder, b: StaffOrder) => a.createdAt.localeCompare(b.createdAt);

/** The brand's orders of today and every active one, in the board's columns, kept live. */
export function Board() {
  const tr = useT();
  const session = useSession();
  const branches = branchChoices(session, tr.content);
  const now = useNow();
  const live = useLiveOrders((cursor) => api.orders(cursor));
  const [branchId, setBranchId] = useState(rememberedBranch);

  // A branch remembered from another account (or removed since) filters nothing.
  const filter = branches.some((b) => b.id === branchId) ? branchId : '';
  const shown = live.orders.filter((o) => !filter || o.branch.id === filter);
  const columns = new Map<BoardColumn, StaffOrder[]>(BOARD_COLUMNS.map((c) => [c.id, []]));
  for (const order of shown) {
    const column = boardColumnOf(order.status);
    if (column) columns.get(column)?.push(order);
  }

  const choose = (id: string) => {
    setBranchId(id);
    rememberBranch(id);
  };

  return (
    <div className="flex flex-col gap-3 p-3">
      <BranchSelect id="branch-filter" value={filter} branches={branches} onChange={choose} all={tr.t('allBranches')} />
      {/* On a phone the columns scroll sideways: a row of their names and counts jumps to each. */}
      <nav aria-label={tr.t('navBoard')} className="flex gap-1.5 overflow-x-auto sm:hidden">
        {BOARD_COLUMNS.map((column) => (
          <button
            key={column.id}
            type="button"
            data-testid={`jump-${column.id}`}
            onClick={() =>
              document.getElementById(`column-${column.id}`)?.scrollIntoView({ behavior: 'smooth', inline: 'start', block: 'nearest' })
            }
            className="whitespace-nowrap rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm"
          >
            {tr.column(column.id)} <span className="font-semibold">{columns.get(column.id)?.length ?? 0}</span>
          </button>
        ))}
      </nav>
      {seesRefunds(session.staff.role) && <RefundsSection />}
      {live.error !== null && <ErrorNote error={live.error} onRetry={live.reload} />}
      {live.loading ? (
        <Loading />
      ) : (
        <div
          className="grid snap-x snap-mandatory auto-cols-[86vw] grid-flow-col gap-3 overflow-x-auto pb-2 sm:auto-cols-[minmax(15rem,1fr)] xl:grid-flow-row xl:grid-cols-6 xl:overflow-visible"
          data-testid="board"
        >
          {BOARD_COLUMNS.map((column) => {
            const all = columns.get(column.id) ?? [];
            const list = column.id === 'done' ? all.sort(byTime).reverse().slice(0, DONE_SHOWN) : all.sort(byTime);
            const headingId = `column-${column.id}-title`;
            return (
              <section
                key={column.id}
                id={`column-${column.id}`}
                data-testid={`column-${column.id}`}
                aria-labelledby={headingId}
                className="flex min-h-40 snap-start flex-col rounded-xl bg-slate-200/70 p-2"
              >
                <h2 id={headingId} className="flex items-center justify-between px-1 pb-2 font-semibold">
                  <span>{tr.column(column.id)}</span>
                  <span className="rounded-full bg-white px-2 text-sm" data-testid="column-count">
                    {all.length}
                  </span>
                </h2>
                {list.length === 0 ? (
                  <p className="px-1 text-sm text-slate-500">{tr.t('empty')}</p>
                ) : (
                  <ul className="flex flex-col gap-2">
                    {list.map((order) => (
                      <li key={order.id}>
                        <OrderCard order={order} now={now} showBranch={!filter && branches.length > 1} onMoved={live.upsert} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
