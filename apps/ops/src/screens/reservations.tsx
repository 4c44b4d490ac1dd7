import { useEffect, useState, type FormEvent } from 'react';
import { followEventStream } from '@dasturxon/client';
import { formatTimeOfDay, pickText, reservationMoves } from '@dasturxon/domain';
import type { Reservation, ReservationMoveRequest } from '@dasturxon/domain/contracts';
import { api, errorText, OPS, readToken, reportUnauthorized } from '../api.ts';
import { useT } from '../i18n.ts';
import { localDay, telHref } from '../format.ts';
import { branchChoices, rememberBranch, rememberedBranch, useSession } from '../session.ts';
import { btn, BranchSelect, Dialog, ErrorNote, field, Loading, useLoad } from '../ui.tsx';

type Move = ReservationMoveRequest['status'];

const TONE: Record<Reservation['status'], string> = {
  REQUESTED: 'bg-amber-100 text-amber-900',
  CONFIRMED: 'bg-emerald-100 text-emerald-900',
  SEATED: 'bg-sky-100 text-sky-900',
  COMPLETED: 'bg-slate-100 text-slate-600',
  NO_SHOW: 'bg-red-100 text-red-800',
  CANCELLED: 'bg-slate-100 text-slate-600',
};

const STATUS_LABEL: Record<Reservation['status'], string> = {
  REQUESTED: 'reservationStatusREQUESTED',
  CONFIRMED: 'reservationStatusCONFIRMED',
  SEATED: 'reservationStatusSEATED',
  COMPLETED: 'reservationStatusCOMPLETED',
  NO_SHOW: 'reservationStatusNO_SHOW',
  CANCELLED: 'reservationStatusCANCELLED',
};

const MOVE_LABEL: Record<Move, string> = {
  CONFIRMED: 'reservationMoveCONFIRMED',
  SEATED: 'reservationMoveSEATED',
  COMPLETED: 'reservationMoveCOMPLETED',
  NO_SHOW: 'reservationMoveNO_SHOW',
  CANCELLED: 'reservationMoveCANCELLED',
};

/**
 * The reservation book (issue 32; docs/restaurant.md): a branch's reservations of a day by time, each moved along
 * (confirm, seat, finish, no-show, cancel with a reason), and a new one written for a phone call.
 */
/**
 * The book follows its branch live (`GET /api/ops/v1/reservations/stream`): a reservation booked by a customer, moved
 * or cancelled at the branch reads the book again, as does every (re)connect (nothing is replayed).
 */
function useBookNudges(branchId: string, reload: () => void): void {
  useEffect(() => {
    const stream = followEventStream({
      url: `${OPS}/reservations/stream`,
      token: readToken,
      onOpen: reload,
      onEvent: (message) => {
        if (message.event !== 'reservation') return;
        try {
          if ((JSON.parse(message.data) as { branchId?: string }).branchId === branchId) reload();
        } catch {
          reload();
        }
      },
      isRefusal: (status) => status === 401 || status === 403,
      onRefused: (status) => {
        if (status === 401) reportUnauthorized();
      },
    });
    return () => stream.stop();
  }, [branchId, reload]);
}

export function ReservationsScreen() {
  const tr = useT();
  const session = useSession();
  const branches = branchChoices(session, tr.content);
  const [branchId, setBranchId] = useState(() => rememberedBranch() || branches[0]?.id || '');
  const [day, setDay] = useState(localDay);
  const [phoned, setPhoned] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const book = useLoad(() => api.reservations(branchId, day), [branchId, day]);
  useBookNudges(branchId, book.reload);
  const timeZone = session.branches.find((b) => b.id === branchId)?.timeZone ?? 'Asia/Tashkent';

  const move = async (r: Reservation, status: Move) => {
    const reason = status === 'CANCELLED' ? (window.prompt(tr.t('reservationCancelReason')) ?? undefined) : undefined;
    if (status === 'CANCELLED' && reason === undefined) return;
    setFailure(null);
    try {
      const moved = await api.moveReservation(r.id, { version: r.version, status, ...(reason ? { reason } : {}) });
      book.setData((list) => list?.map((x) => (x.id === moved.id ? moved : x)));
    } catch (error) {
      setFailure(error);
      book.reload();
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-3 p-3" data-testid="reservations-screen">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{tr.t('reservationsTitle')}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <BranchSelect
            id="reservations-branch"
            value={branchId}
            branches={branches}
            onChange={(id) => {
              setBranchId(id);
              rememberBranch(id);
            }}
          />
          <input
            aria-label={tr.t('day')}
            data-testid="reservations-day"
            type="date"
            value={day}
            onChange={(e) => e.target.value && setDay(e.target.value)}
            className={`${field} w-auto py-1.5`}
          />
          <button type="button" className={btn.primary} data-testid="reservations-new" onClick={() => setPhoned(true)}>
            {tr.t('reservationNew')}
          </button>
        </div>
      </div>
      {failure !== null && <ErrorNote error={failure} />}
      {book.error !== null && <ErrorNote error={book.error} onRetry={book.reload} />}
      {book.loading && !book.data ? (
        <Loading />
      ) : book.data && book.data.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-500 shadow-sm" data-testid="reservations-empty">
          {tr.t('reservationsEmpty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-sm">
          {(book.data ?? []).map((r) => (
            <li key={r.id} data-testid="reservation-row" data-status={r.status} className="flex flex-wrap items-center gap-3 px-3 py-3">
              <span className="w-14 text-lg font-bold tabular-nums">{formatTimeOfDay(r.startsAt, { timeZone })}</span>
              <span className="min-w-40 flex-1">
                <span className="block font-semibold">
                  {r.name || '—'} · {tr.t('reservationGuests', { count: r.guests })}
                </span>
                <span className="block text-sm text-slate-600">
                  <a href={telHref(r.phone)} className="tabular-nums underline-offset-2 hover:underline" dir="ltr">
                    {r.phone}
                  </a>
                  {' · '}
                  {r.hallName ? `${pickText(r.hallName, tr.content)} · ` : ''}
                  {tr.t('reservationTable', { table: r.tableName ?? '—' })}
                  {r.byStaff ? ` · ${tr.t('reservationByPhone')}` : ''}
                </span>
                {r.comment && <span className="block text-sm text-slate-800">“{r.comment}”</span>}
                {r.cancelReason && r.status === 'CANCELLED' && (
                  <span className="block text-sm text-slate-500">
                    {r.cancelReason === 'CUSTOMER' ? tr.t('reservationCancelledByCustomer') : r.cancelReason}
                  </span>
                )}
              </span>
              <span data-testid="reservation-status" className={`rounded-full px-2.5 py-1 text-xs font-bold ${TONE[r.status]}`}>
                {tr.t(STATUS_LABEL[r.status])}
              </span>
              <span className="flex flex-wrap gap-2">
                {(reservationMoves(r.status) as readonly Move[]).map((status) => (
                  <button
                    key={status}
                    type="button"
                    data-testid={`reservation-${status}`}
                    className={`${status === 'CANCELLED' || status === 'NO_SHOW' ? btn.danger : btn.secondary} min-h-9 py-1 text-sm`}
                    onClick={() => void move(r, status)}
                  >
                    {tr.t(MOVE_LABEL[status])}
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {phoned && (
        <PhoneReservation
          branchId={branchId}
          day={day}
          onClose={() => setPhoned(false)}
          onDone={(r) => {
            setPhoned(false);
            if (r.branchId === branchId) book.reload();
          }}
        />
      )}
    </div>
  );
}

/** A reservation written for a phone call: confirmed at once; the server's rule picks the table. */
function PhoneReservation({
  branchId,
  day,
  onClose,
  onDone,
}: {
  branchId: string;
  day: string;
  onClose: () => void;
  onDone: (r: Reservation) => void;
}) {
  const tr = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      onDone(
        await api.phoneReservation({
          branchId,
          day: String(form.get('day')),
          time: String(form.get('time')),
          guests: Number(form.get('guests')),
          name: String(form.get('name')),
          phone: String(form.get('phone')),
          comment: String(form.get('comment') ?? ''),
        }),
      );
    } catch (failure) {
      setError(errorText(failure, tr));
      setBusy(false);
    }
  };
  return (
    <Dialog title={tr.t('reservationNew')} onClose={onClose} testId="reservation-dialog">
      <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {tr.t('reservationName')}
          <input name="name" required maxLength={100} className={field} data-testid="reservation-name" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {tr.t('reservationPhone')}
          <input name="phone" required type="tel" dir="ltr" className={field} data-testid="reservation-phone" />
        </label>
        <div className="grid grid-cols-3 gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {tr.t('day')}
            <input name="day" type="date" required defaultValue={day} className={field} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {tr.t('reservationTime')}
            <input name="time" type="time" step={1800} required defaultValue="19:00" className={field} data-testid="reservation-time" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {tr.t('reservationGuestsLabel')}
            <input
              name="guests"
              type="number"
              min={1}
              max={20}
              required
              defaultValue={2}
              className={field}
              data-testid="reservation-guests"
            />
          </label>
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {tr.t('reservationComment')}
          <input name="comment" maxLength={300} className={field} />
        </label>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800" data-testid="reservation-dialog-error">
            {error}
          </p>
        )}
        <button type="submit" className={btn.primary} disabled={busy} data-testid="reservation-save">
          {tr.t('reservationSave')}
        </button>
      </form>
    </Dialog>
  );
}
