import { useState } from 'react';
import { formatNumber, LOGIN_FAILURES_ROLES, pickText } from '@dasturxon/domain';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import { dateTime, localDay, money } from '../format.ts';
import { useSession } from '../session.ts';
import { ErrorNote, field, Loading, useLoad } from '../ui.tsx';

const minutes = (value: number | null) => (value === null ? '—' : formatNumber(Math.round(value)));

/** The day's orders, cancellations, revenue and speed, per branch. */
export function FiguresScreen() {
  const tr = useT();
  const session = useSession();
  const [day, setDay] = useState(localDay);
  const figures = useLoad(() => api.figures(day), [day]);
  const data = figures.loading ? undefined : figures.data;
  const total = data?.branches.reduce(
    (t, b) => ({ orders: t.orders + b.orders, canceled: t.canceled + b.canceled, revenue: t.revenue + b.revenue }),
    { orders: 0, canceled: 0, revenue: 0 },
  );
  const th = 'px-3 py-2 text-right font-semibold';
  const td = 'px-3 py-2 text-right tabular-nums';

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-3 p-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{tr.t('figuresTitle')}</h1>
        <div className="flex items-center gap-2">
          <label htmlFor="figures-day" className="text-sm font-medium">
            {tr.t('day')}
          </label>
          <input
            id="figures-day"
            data-testid="figures-day"
            type="date"
            value={day}
            max={localDay()}
            onChange={(e) => e.target.value && setDay(e.target.value)}
            className={`${field} w-auto py-1.5`}
          />
        </div>
      </div>
      {figures.error !== null && <ErrorNote error={figures.error} onRetry={figures.reload} />}
      {!data ? (
        figures.loading && <Loading />
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
          <table className="w-full min-w-[40rem] text-sm" data-testid="figures-table">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {tr.t('branch')}
                </th>
                <th scope="col" className={th}>
                  {tr.t('orders')}
                </th>
                <th scope="col" className={th}>
                  {tr.t('canceled')}
                </th>
                <th scope="col" className={th}>
                  {tr.t('revenue')}
                </th>
                <th scope="col" className={th}>
                  {tr.t('acceptedToReady')}
                </th>
                <th scope="col" className={th}>
                  {tr.t('acceptedToDelivered')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.branches.map((b) => (
                <tr key={b.branchId} data-testid={`figures-row-${b.branchId}`}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {pickText(b.name, tr.content)}
                  </th>
                  <td className={td} data-testid="figures-orders">
                    {formatNumber(b.orders)}
                  </td>
                  <td className={td} data-testid="figures-canceled">
                    {formatNumber(b.canceled)}
                  </td>
                  <td className={`${td} whitespace-nowrap`} data-testid="figures-revenue">
                    {money(b.revenue, tr)}
                  </td>
                  <td className={td}>{minutes(b.acceptedToReadyMinutes)}</td>
                  <td className={td}>{minutes(b.acceptedToDeliveredMinutes)}</td>
                </tr>
              ))}
            </tbody>
            {total && data.branches.length > 1 && (
              <tfoot className="border-t-2 border-slate-200 font-bold" data-testid="figures-total">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left">
                    {tr.t('totalRow')}
                  </th>
                  <td className={td}>{formatNumber(total.orders)}</td>
                  <td className={td}>{formatNumber(total.canceled)}</td>
                  <td className={`${td} whitespace-nowrap`}>{money(total.revenue, tr)}</td>
                  <td className={td} />
                  <td className={td} />
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
      {(LOGIN_FAILURES_ROLES as readonly string[]).includes(session.staff.role) && <LoginFailures />}
    </div>
  );
}

/** The brand owner's view of wrong staff passwords: who, from which network (never the address), how many, when last. */
function LoginFailures() {
  const tr = useT();
  const failures = useLoad(() => api.loginFailures(), []);
  const rows = (failures.data ?? []).flatMap((m) => m.attempts.map((a) => ({ member: m.staff, ...a })));
  return (
    <section className="flex flex-col gap-2" data-testid="login-failures" aria-labelledby="login-failures-title">
      <h2 id="login-failures-title" className="text-lg font-semibold">
        {tr.t('loginFailures')}
      </h2>
      {failures.error !== null && <ErrorNote error={failures.error} onRetry={failures.reload} />}
      {failures.loading ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">{tr.t('loginFailuresNone')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {tr.t('loginFailuresWho')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {tr.t('loginFailuresNetwork')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {tr.t('loginFailuresCount')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {tr.t('loginFailuresLast')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={`${r.member.id} ${r.network}`} data-testid="login-failure-row">
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {r.member.name} <span className="text-slate-500">{r.member.phone}</span>
                  </th>
                  <td className="px-3 py-2 font-mono">{r.network}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(r.count)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{dateTime(r.lastAt, tr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
