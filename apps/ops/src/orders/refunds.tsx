import { useState } from 'react';
import { Link } from 'react-router';
import { REFUND_BANK_DAYS, refundRouteOf, type StaffRole } from '@dasturxon/domain';
import type { Refund, StaffOrder } from '@dasturxon/domain/contracts';
import { adminCall, errorText } from '../api.ts';
import { dateTime, money } from '../format.ts';
import { useT, type Translator } from '../i18n.ts';
import { btn, useLoad } from '../ui.tsx';

/*
 * Refunds in the console (issue 29; the API's payments refunds.service.ts): the open ones (STARTED, FAILED) as a
 * section of the board, the refund's line in an order's amounts, and a manager's "mark refunded" on the order page
 * (`POST /api/admin/v1/refunds/{orderId}/done` with the refund's version).
 */

/** The roles that see and settle refunds (the API's guard of /admin/v1/refunds). */
export const REFUND_ROLES: readonly StaffRole[] = ['owner', 'admin', 'manager'];
export const seesRefunds = (role: StaffRole): boolean => REFUND_ROLES.includes(role);

const TONE: Record<Refund['state'], string> = {
  STARTED: 'bg-sky-100 text-sky-900',
  DONE: 'bg-emerald-100 text-emerald-900',
  FAILED: 'bg-red-100 text-red-800',
};

/** What happens next with a refund, in words: the bank's days for Payme and Uzum, a retry for Click, a hand for FAILED. */
function refundNote(state: Refund['state'], paymentType: StaffOrder['paymentType'], tr: Translator): string | null {
  if (state === 'FAILED') return tr.t('refunds.failedText');
  if (state !== 'STARTED') return null;
  return refundRouteOf(paymentType) === 'CLICK' ? tr.t('refunds.clickText') : tr.t('refunds.toCard', { days: REFUND_BANK_DAYS });
}

export function RefundBadge({ state, tr }: { state: Refund['state']; tr: Translator }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[state]}`} data-testid="refund-state" data-state={state}>
      {tr.t(`refunds.state.${state}`)}
    </span>
  );
}

/** The refund's line under an order's total: its state, what goes back, and what happens next. */
export function RefundLine({ order }: { order: StaffOrder }) {
  const tr = useT();
  if (!order.refund) return null;
  const note = refundNote(order.refund.state, order.paymentType, tr);
  return (
    <div className="mt-1 border-t border-dashed border-slate-200 pt-1" data-testid="amount-refund" data-state={order.refund.state}>
      <div className="flex items-center justify-between gap-3">
        <dt className="flex flex-wrap items-center gap-2">
          {tr.t('refunds.line')} <RefundBadge state={order.refund.state} tr={tr} />
        </dt>
        <dd className="whitespace-nowrap" data-amount={-order.totalPrice}>
          −{money(order.totalPrice, tr)}
        </dd>
      </div>
      {note && (
        <p className="mt-0.5 text-xs text-slate-600" data-testid="refund-note">
          {note}
        </p>
      )}
    </div>
  );
}

/** A manager's "mark refunded" of the order's refund, where the API allows it (FAILED, or a STARTED Payme or Uzum refund). */
export function RefundMark({ order, onDone }: { order: StaffOrder; onDone: () => void }) {
  const tr = useT();
  const state = order.refund?.state ?? null;
  const loaded = useLoad(() => (state ? adminCall<Refund>('GET', `/refunds/${order.id}`) : Promise.resolve(null)), [order.id, state]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refund = loaded.data;
  if (!refund?.canMark) return null;
  const mark = async () => {
    setBusy(true);
    setError(null);
    try {
      await adminCall<Refund>('POST', `/refunds/${order.id}/done`, { version: refund.version });
      onDone();
    } catch (e) {
      setError(e);
      loaded.reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 flex flex-col gap-1">
      <button
        type="button"
        className={`${btn.primary} min-h-9 text-sm`}
        disabled={busy}
        onClick={() => void mark()}
        data-testid="refund-mark"
      >
        {tr.t('refunds.mark')}
      </button>
      {error !== null && (
        <p role="alert" className="text-sm text-red-700" data-testid="refund-mark-error">
          {errorText(error, tr)}
        </p>
      )}
    </div>
  );
}

/** The board's section of open refunds (STARTED or FAILED), oldest first; nothing when there are none. */
export function RefundsSection() {
  const tr = useT();
  const loaded = useLoad(() => adminCall<Refund[]>('GET', '/refunds'), []);
  const refunds = loaded.data ?? [];
  if (!refunds.length) return null;
  return (
    <section className="rounded-xl bg-white p-3 shadow-sm" data-testid="refunds" aria-labelledby="refunds-title">
      <h2 id="refunds-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
        {tr.t('refunds.title')} <span className="font-bold text-slate-800">{refunds.length}</span>
      </h2>
      <ul className="divide-y divide-slate-100">
        {refunds.map((r) => (
          <li key={r.orderId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid={`refund-${r.orderId}`}>
            <Link to={`/orders/${r.orderId}`} className="font-semibold text-emerald-700 underline">
              {tr.t('orderNo', { n: r.number })}
            </Link>
            <RefundBadge state={r.state} tr={tr} />
            <span className="whitespace-nowrap font-medium">{money(r.amount, tr)}</span>
            <span>{tr.payment(r.paymentType)}</span>
            <span className="text-slate-500">{r.startedAt ? dateTime(r.startedAt, tr) : ''}</span>
            {r.state === 'FAILED' && r.error && <span className="w-full text-xs text-red-700">{r.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
