import { useState, type FormEvent } from 'react';
import {
  asksBeforeMove,
  DEFAULT_COOKING_MINUTES,
  movesInOrder,
  REJECT_REASONS,
  type OrderStatus,
  type RejectReason,
} from '@dasturxon/domain';
import type { StaffOrder, StaffStatusRequest } from '@dasturxon/domain/contracts';
import { api, errorText, type Courier } from '../api.ts';
import { useT, type Translator } from '../i18n.ts';
import { useSession } from '../session.ts';
import { btn, Dialog, field, Loading, ErrorNote, useLoad } from '../ui.tsx';

export function actionLabel(order: StaffOrder, to: OrderStatus, tr: Translator, courierView: boolean): string {
  if (to === 'DONE' && order.status === 'ATTACHED') return tr.t('handBack');
  if (courierView) {
    if (to === 'ATTACHED') return tr.t('take');
    if (to === 'ON_WAY') return tr.t('pickedUp');
    if (to === 'DELIVERED') return tr.t('delivered');
  }
  return tr.action(to);
}

type Asking = 'ACCEPTED' | 'CANCELED' | 'ATTACHED' | null;

/**
 * The buttons of the moves the order's `next` allows this staff member (`action-{STATUS}`). Accepting asks the
 * cooking minutes, rejecting a reason, attaching (by an operator) the courier; the rest move at once.
 */
export function OrderActions({
  order,
  onMoved,
  size = 'normal',
}: {
  order: StaffOrder;
  onMoved: (order: StaffOrder) => void;
  size?: 'normal' | 'large';
}) {
  const tr = useT();
  const { staff } = useSession();
  const courierView = staff.role === 'courier';
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const moves = movesInOrder(order.status, order.next);
  if (!moves.length) return null;

  const move = async (body: Partial<StaffStatusRequest> & { status: OrderStatus }) => {
    setBusy(true);
    setError(null);
    try {
      const moved = await api.move(order.id, body);
      setAsking(null);
      onMoved(moved);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const press = (to: OrderStatus) => {
    if (asksBeforeMove(to, staff.role)) setAsking(to);
    else void move({ status: to });
  };

  const sizing = size === 'large' ? 'min-h-12 flex-1 text-base' : 'text-sm';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {moves.map((to) => (
          <button
            key={to}
            type="button"
            data-testid={`action-${to}`}
            disabled={busy}
            onClick={() => press(to)}
            className={`${to === 'CANCELED' ? btn.danger : to === moves[0] ? btn.primary : btn.secondary} ${sizing} min-h-10 px-3`}
          >
            {actionLabel(order, to, tr, courierView)}
          </button>
        ))}
      </div>
      {error !== null && asking === null && (
        <p role="alert" data-testid="action-error" className="text-sm text-red-700">
          {errorText(error, tr)}
        </p>
      )}
      {asking === 'ACCEPTED' && (
        <AcceptDialog
          busy={busy}
          error={error}
          onCancel={() => setAsking(null)}
          onConfirm={(cookingTime) => move({ status: 'ACCEPTED', cookingTime })}
        />
      )}
      {asking === 'CANCELED' && (
        <RejectDialog
          busy={busy}
          error={error}
          onCancel={() => setAsking(null)}
          onConfirm={(reason, comment) => move({ status: 'CANCELED', reason, comment })}
        />
      )}
      {asking === 'ATTACHED' && (
        <CourierDialog
          order={order}
          busy={busy}
          error={error}
          onCancel={() => setAsking(null)}
          onConfirm={(courierId) => move({ status: 'ATTACHED', courierId })}
        />
      )}
    </div>
  );
}

interface DialogProps {
  busy: boolean;
  error: unknown;
  onCancel: () => void;
}

function DialogButtons({ busy, onCancel, testId, disabled }: { busy: boolean; onCancel: () => void; testId: string; disabled?: boolean }) {
  const tr = useT();
  return (
    <div className="mt-5 flex justify-end gap-2">
      <button type="button" className={btn.secondary} onClick={onCancel}>
        {tr.t('cancel')}
      </button>
      <button type="submit" className={btn.primary} disabled={busy || disabled} data-testid={testId}>
        {tr.t('confirm')}
      </button>
    </div>
  );
}

function DialogError({ error }: { error: unknown }) {
  const tr = useT();
  if (error === null) return null;
  return (
    <p role="alert" data-testid="dialog-error" className="mt-3 text-sm text-red-700">
      {errorText(error, tr)}
    </p>
  );
}

function AcceptDialog({ busy, error, onCancel, onConfirm }: DialogProps & { onConfirm: (minutes: number) => void }) {
  const tr = useT();
  const [minutes, setMinutes] = useState(String(DEFAULT_COOKING_MINUTES));
  const value = Number(minutes);
  const valid = Number.isInteger(value) && value >= 1 && value <= 240;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) onConfirm(value);
  };
  return (
    <Dialog title={tr.action('ACCEPTED')} onClose={onCancel} testId="accept-dialog">
      <form onSubmit={submit}>
        <label htmlFor="accept-minutes" className="mb-1 block text-sm font-medium">
          {tr.t('cookingMinutes')}
        </label>
        <input
          id="accept-minutes"
          data-testid="accept-minutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={240}
          required
          autoFocus
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          className={field}
        />
        <div className="mt-2 flex flex-wrap gap-2">
          {[10, 15, 20, 30, 45, 60].map((m) => (
            <button
              key={m}
              type="button"
              onClick={() => setMinutes(String(m))}
              aria-pressed={value === m}
              className={`${btn.small} border ${value === m ? 'border-emerald-600 bg-emerald-50' : 'border-slate-300'}`}
            >
              {m}
            </button>
          ))}
        </div>
        <DialogError error={error} />
        <DialogButtons busy={busy} onCancel={onCancel} testId="accept-confirm" disabled={!valid} />
      </form>
    </Dialog>
  );
}

function RejectDialog({ busy, error, onCancel, onConfirm }: DialogProps & { onConfirm: (reason: RejectReason, comment: string) => void }) {
  const tr = useT();
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [comment, setComment] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason) onConfirm(reason, comment.trim());
  };
  return (
    <Dialog title={tr.action('CANCELED')} onClose={onCancel} testId="reject-dialog">
      <form onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor="reject-reason" className="mb-1 block text-sm font-medium">
            {tr.t('rejectReason')}
          </label>
          <select
            id="reject-reason"
            data-testid="reject-reason"
            required
            value={reason}
            onChange={(e) => setReason(e.target.value as RejectReason)}
            className={field}
          >
            <option value="" disabled>
              —
            </option>
            {REJECT_REASONS.map((r) => (
              <option key={r} value={r}>
                {tr.reason(r)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="reject-comment" className="mb-1 block text-sm font-medium">
            {tr.t('commentLabel')}
          </label>
          <textarea
            id="reject-comment"
            data-testid="reject-comment"
            maxLength={500}
            rows={2}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className={field}
          />
        </div>
        <DialogError error={error} />
        <DialogButtons busy={busy} onCancel={onCancel} testId="reject-confirm" disabled={!reason} />
      </form>
    </Dialog>
  );
}

function CourierDialog({
  order,
  busy,
  error,
  onCancel,
  onConfirm,
}: DialogProps & { order: StaffOrder; onConfirm: (courierId: string) => void }) {
  const tr = useT();
  const couriers = useLoad(() => api.couriers(), []);
  const [courierId, setCourierId] = useState('');
  // The couriers of the order's branch (one with no branches works at every one), the least busy first.
  const serves = (c: Courier) => !c.branchIds.length || c.branchIds.includes(order.branch.id);
  const all = couriers.data ?? [];
  const list = (all.some(serves) ? all.filter(serves) : [...all]).sort(
    (a, b) => a.activeOrders - b.activeOrders || a.name.localeCompare(b.name),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (courierId) onConfirm(courierId);
  };
  return (
    <Dialog title={tr.action('ATTACHED')} onClose={onCancel} testId="courier-dialog">
      <form onSubmit={submit}>
        {couriers.loading && !couriers.data ? (
          <Loading />
        ) : couriers.error ? (
          <ErrorNote error={couriers.error} onRetry={couriers.reload} />
        ) : (
          <>
            <label htmlFor="courier-select" className="mb-1 block text-sm font-medium">
              {tr.t('courier')}
            </label>
            <select
              id="courier-select"
              data-testid="courier-select"
              required
              value={courierId}
              onChange={(e) => setCourierId(e.target.value)}
              className={field}
            >
              <option value="" disabled>
                {list.length ? tr.t('chooseCourier') : tr.t('noCouriers')}
              </option>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} · {tr.t('activeOrders', { n: c.activeOrders })}
                </option>
              ))}
            </select>
          </>
        )}
        <DialogError error={error} />
        <DialogButtons busy={busy} onCancel={onCancel} testId="courier-confirm" disabled={!courierId} />
      </form>
    </Dialog>
  );
}
