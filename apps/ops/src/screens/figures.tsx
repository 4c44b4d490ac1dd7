import { useState } from 'react';
import { formatNumber, pickText } from '@dasturxon/domain';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import { localDay, money } from '../format.ts';
import { ErrorNote, field, Loading, useLoad } from '../ui.tsx';

const minutes = (value: number | null) => (value === null ? '—' : formatNumber(Math.round(value)));

/** The day's orders, cancellations, revenue and speed, per branch. */
export function FiguresScreen() {
  const tr = useT();
  const [day, setDay] = useState(localDay);
  const figures = useLoad(() => api.figures(day), [day]);
  const data = figures.loading ? undefined : figures.data;
  const total = data?.branches.reduce((t, b) => ({ orders: t.orders + b.orders, canceled: t.canceled + b.canceled, revenue: t.revenue + b.revenue }), { orders: 0, canceled: 0, revenue: 0 });
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
          <input id="figures-day" data-testid="figures-day" type="date" value={day} max={localDay()} onChange={(e) => e.target.value && setDay(e.target.value)} className={`${field} w-auto py-1.5`} />
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
    </div>
  );
}
