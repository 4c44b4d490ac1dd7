import { isActiveStatus, orderWait, pickText } from '@dasturxon/domain';
import type { StaffOrder } from '@dasturxon/domain/contracts';
import { useT, type Translator } from '../i18n.ts';
import { Link } from 'react-router';
import { money, time } from '../format.ts';
import { OrderActions } from './actions.tsx';

export function PaymentBadge({ order }: { order: StaffOrder }) {
  const tr = useT();
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <span>{tr.payment(order.paymentType)}</span>
      <span
        data-testid="payment-state"
        data-paid={order.isPaid}
        className={`rounded px-1.5 py-0.5 text-xs font-semibold ${order.isPaid ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'}`}
      >
        {order.isPaid ? tr.t('paid') : tr.t('unpaid')}
      </span>
    </span>
  );
}

export const STATUS_TONE: Record<string, string> = {
  OPEN: 'bg-sky-100 text-sky-900',
  ACCEPTED: 'bg-indigo-100 text-indigo-900',
  COOKING: 'bg-orange-100 text-orange-900',
  DONE: 'bg-emerald-100 text-emerald-900',
  ATTACHED: 'bg-violet-100 text-violet-900',
  ON_WAY: 'bg-violet-100 text-violet-900',
  DELIVERED: 'bg-slate-200 text-slate-700',
  CLOSED: 'bg-slate-200 text-slate-700',
  CANCELED: 'bg-red-100 text-red-800',
};

export function StatusBadge({ order, tr }: { order: StaffOrder; tr: Translator }) {
  return (
    <span
      data-testid="order-status"
      data-status={order.status}
      className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_TONE[order.status] ?? 'bg-slate-100'}`}
    >
      {tr.status(order.status)}
    </span>
  );
}

/** One order on the board: what it is, how it is paid, and the moves the staff member may make. */
export function OrderCard({
  order,
  now,
  showBranch,
  onMoved,
}: {
  order: StaffOrder;
  now: number;
  showBranch: boolean;
  onMoved: (order: StaffOrder) => void;
}) {
  const tr = useT();
  const active = isActiveStatus(order.status);
  const { minutes: waited, late } = orderWait(order, now);
  return (
    <article
      data-testid={`order-card-${order.number}`}
      data-status={order.status}
      aria-label={tr.t('orderNo', { n: order.number })}
      className={`rounded-xl border bg-white p-3 shadow-sm ${order.status === 'OPEN' ? 'border-sky-400 ring-2 ring-sky-200' : 'border-slate-200'}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <Link
          to={`/orders/${order.id}`}
          data-testid="order-link"
          className="text-xl font-bold text-slate-900 underline-offset-2 hover:underline"
        >
          №{order.number}
        </Link>
        <span className="text-sm text-slate-500">
          <time dateTime={order.createdAt}>{time(order.createdAt, tr)}</time>
          {active && (
            <span
              className={`ml-2 font-semibold ${late ? 'text-red-600' : 'text-slate-700'}`}
              title={tr.t('cookingFor', { m: order.cookingTime ?? '' })}
            >
              {waited}′
            </span>
          )}
        </span>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium">{tr.service(order.serviceType)}</span>
        {order.table && (
          <span data-testid="order-card-table" className="rounded bg-sky-100 px-1.5 text-xs font-semibold text-sky-900">
            {tr.t('floorTableName', { table: order.table.name })}
          </span>
        )}
        {order.atTime && order.deliveryAt && (
          <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">
            {tr.t('scheduledFor', { t: time(order.deliveryAt, tr) })}
          </span>
        )}
        {!active && <StatusBadge order={order} tr={tr} />}
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold" data-testid="order-total">
          {money(order.totalPrice, tr)}
        </span>
        <PaymentBadge order={order} />
      </div>
      <p className="mt-1 truncate text-sm text-slate-600">
        {order.cartItems.map((l) => `${l.count}× ${pickText(l.name, tr.content)}`).join(', ')}
      </p>
      {(showBranch || order.courier) && (
        <p className="mt-1 text-xs text-slate-500">
          {showBranch && pickText(order.branch.name, tr.content)}
          {showBranch && order.courier && ' · '}
          {order.courier && `${tr.t('courier')}: ${order.courier.name}`}
        </p>
      )}
      {order.status === 'CANCELED' && order.reason && <p className="mt-1 text-xs text-red-700">{tr.reason(order.reason)}</p>}
      {order.next.length > 0 && (
        <div className="mt-2 border-t border-slate-100 pt-2">
          <OrderActions order={order} onMoved={onMoved} />
        </div>
      )}
    </article>
  );
}
