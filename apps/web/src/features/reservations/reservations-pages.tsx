import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  DEFAULT_TIME_ZONE,
  HOLDING_STATUSES,
  RESERVATION,
  formatDateWords,
  formatDayWords,
  formatPhone,
  formatTimeOfDay,
  pickText,
  zonedDay,
  type Branch,
  type Reservation,
} from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { phoneHref } from '../../lib/links.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { LOGIN_PATH, loginReturnState } from '../../shared/session/login-link.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useShowFailure } from '../../shared/ui/failed-call.ts';
import { ClockIcon } from '../../shared/ui/icons.tsx';
import { PhoneIcon } from '../../shared/ui/more-icons.tsx';
import { BackLink, LoadFailed } from '../../shared/ui/page-parts.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { bookTable, cancelReservation, myReservationsQuery, reservationKeys, slotsQuery } from './reservations.api.ts';

/** How many days ahead the form offers (the rule allows RESERVATION.maxDaysAhead; two weeks fit a row of chips). */
const DAYS_OFFERED = 14;

/**
 * `/reservations` (book a table) and `/profile/reservations` (my reservations): one lazy page that shows the one the
 * address names. Only where the brand takes bookings (`bookingActive`); otherwise the 404 page's words.
 */
export function ReservationsPages() {
  const { pathname } = useLocation();
  const settings = useMerchantSettings();
  const { t } = useTranslation();
  if (!settings.bookingActive)
    return (
      <div className="mx-auto w-full max-w-xl px-4 pt-10">
        <EmptyState testId="reservations-off" framed icon={<ClockIcon size={28} />} title={t('reservations.off')} text="" />
      </div>
    );
  return pathname.startsWith('/profile/') ? <MyReservations /> : <BookTable />;
}

/** One choice of a row of choices (a radio button drawn as a chip): the branch, the day, the hall, the time. */
function Choice({
  checked,
  testId,
  onPick,
  disabled,
  className = '',
  data,
  children,
}: {
  checked: boolean;
  testId: string;
  onPick: () => void;
  disabled?: boolean;
  className?: string;
  data?: Record<`data-${string}`, string>;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      data-testid={testId}
      {...data}
      disabled={disabled}
      onClick={onPick}
      className={`min-h-11 rounded-full border px-4 text-[15px] font-semibold tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${
        checked ? 'border-brand bg-brand text-on-brand' : 'border-line bg-surface hover:bg-surface-2'
      } ${className}`}
    >
      {children}
    </button>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-6">
      <h2 className="mb-2.5 px-1 text-[15px] font-bold text-muted">{title}</h2>
      {children}
    </section>
  );
}

function BookTable() {
  const { t, language } = useTranslation();
  const { data: all, isPending, error, refetch } = useBranches();
  const bookable = useMemo(() => (all ?? []).filter((b) => b.isActive && b.settings.bookingEnabled), [all]);
  if (isPending) return <PageSpinner />;
  if (error) return <LoadFailed testId="reservation-error" icon={<ClockIcon size={28} />} error={error} onRetry={() => void refetch()} />;
  return (
    <div data-testid="reservation-page" className="mx-auto w-full max-w-xl px-4 pt-3 pb-32 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <BackLink to="/" label={t('reservations.back')} />
      <h1 className="mt-2 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('reservations.title')}</h1>
      {bookable.length === 0 ? (
        <EmptyState testId="reservation-no-branch" framed icon={<ClockIcon size={28} />} title={t('reservations.noBranch')} text="" />
      ) : (
        <BookingForm branches={bookable} language={language} />
      )}
    </div>
  );
}

function BookingForm({ branches, language }: { branches: Branch[]; language: ReturnType<typeof useTranslation>['language'] }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  const [branchId, setBranchId] = useState(branches[0]!.id);
  const branch = branches.find((b) => b.id === branchId) ?? branches[0]!;
  const days = useMemo(() => {
    const today = zonedDay(new Date(), branch.timeZone || DEFAULT_TIME_ZONE);
    return Array.from({ length: DAYS_OFFERED }, (_, i) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );
  }, [branch.timeZone]);
  const [day, setDay] = useState(days[0]!);
  const [guests, setGuests] = useState(2);
  const [hallId, setHallId] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [offered, setOffered] = useState<{ request: string; times: string[] }>({ request: '', times: [] });
  const slots = useQuery(slotsQuery(branch.id, day, guests, hallId));
  const maxGuests = slots.data?.maxGuests ?? RESERVATION.maxGuests;
  // A time the new day, guests or hall no longer offer is no choice; nearest times are for the request they answered.
  const chosen = time && slots.data?.slots.some((s) => s.time === time && s.free) ? time : null;
  const request = `${branch.id}|${day}|${guests}|${hallId ?? ''}`;
  const nearest = offered.request === request ? offered.times : [];

  const book = useMutation({
    mutationFn: () => bookTable({ branchId: branch.id, day, time: chosen!, guests, hallId, comment }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reservationKeys.mine });
      toast(t('reservations.booked'), 'success');
      void navigate('/profile/reservations');
    },
    onError: (failure) => {
      const near = failure instanceof HttpError && failure.body?.code === 'RESERVATION_FULL' ? failure.body.details?.nearest : null;
      setOffered({ request, times: Array.isArray(near) ? (near as string[]) : [] });
      void queryClient.invalidateQueries({ queryKey: ['reservations', 'slots'] });
      showFailure(failure, () => book.mutate());
    },
  });
  const phone = slots.data?.bookingPhone || branch.bookingPhone;

  return (
    <>
      {branches.length > 1 && (
        <Section title={t('reservations.branch')}>
          <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('reservations.branch')}>
            {branches.map((b) => (
              <Choice
                key={b.id}
                checked={b.id === branchId}
                testId="reservation-branch"
                onPick={() => {
                  setBranchId(b.id);
                  setHallId(null);
                }}
              >
                {pickText(b.name, language)}
              </Choice>
            ))}
          </div>
        </Section>
      )}

      <Section title={t('reservations.day')}>
        <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1" role="radiogroup" aria-label={t('reservations.day')}>
          {days.map((d) => (
            <Choice
              key={d}
              checked={d === day}
              testId="reservation-day"
              data={{ 'data-day': d }}
              className="shrink-0"
              onPick={() => setDay(d)}
            >
              {formatDayWords(d, language)}
            </Choice>
          ))}
        </div>
      </Section>

      <Section title={t('reservations.guests')}>
        <div className="flex items-center gap-3">
          <Button
            variant="secondary"
            testId="reservation-guests-less"
            disabled={guests <= 1}
            onClick={() => setGuests((g) => g - 1)}
            aria-label={t('reservations.fewer')}
          >
            −
          </Button>
          <output data-testid="reservation-guests" className="min-w-10 text-center text-xl font-extrabold tabular-nums">
            {guests}
          </output>
          <Button
            variant="secondary"
            testId="reservation-guests-more"
            disabled={guests >= maxGuests}
            onClick={() => setGuests((g) => g + 1)}
            aria-label={t('reservations.more')}
          >
            +
          </Button>
        </div>
      </Section>

      {slots.data && slots.data.halls.length > 1 && (
        <Section title={t('reservations.hall')}>
          <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('reservations.hall')}>
            <Choice checked={hallId === null} testId="reservation-hall" onPick={() => setHallId(null)}>
              {t('reservations.anyHall')}
            </Choice>
            {slots.data.halls.map((h) => (
              <Choice
                key={h.id}
                checked={h.id === hallId}
                testId="reservation-hall"
                disabled={h.maxGuests < guests}
                onPick={() => setHallId(h.id)}
              >
                {pickText(h.name, language)}
              </Choice>
            ))}
          </div>
        </Section>
      )}

      <Section title={t('reservations.time')}>
        {slots.isPending ? (
          <PageSpinner />
        ) : slots.error ? (
          <LoadFailed
            testId="reservation-slots-error"
            icon={<ClockIcon size={28} />}
            error={slots.error}
            onRetry={() => void slots.refetch()}
          />
        ) : slots.data.slots.length === 0 ? (
          <p data-testid="reservation-no-times" className="px-1 text-muted">
            {t('reservations.noTimes')}
          </p>
        ) : (
          <div className="grid grid-cols-4 gap-2" role="radiogroup" aria-label={t('reservations.time')}>
            {slots.data.slots.map((s) => (
              <Choice
                key={s.time}
                checked={s.time === chosen}
                testId="reservation-time"
                data={{ 'data-time': s.time }}
                disabled={!s.free}
                className="px-0"
                onPick={() => setTime(s.time)}
              >
                {s.time}
              </Choice>
            ))}
          </div>
        )}
        {nearest.length > 0 && (
          <div data-testid="reservation-nearest" className="mt-4 rounded-2xl bg-surface-2 p-3">
            <p className="mb-2 text-[15px] font-semibold">{t('reservations.nearest')}</p>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('reservations.nearest')}>
              {nearest.map((n) => (
                <Choice key={n} checked={false} testId="reservation-nearest-time" onPick={() => setTime(n)}>
                  {n}
                </Choice>
              ))}
            </div>
          </div>
        )}
      </Section>

      <Section title={t('reservations.comment')}>
        <textarea
          data-testid="reservation-comment"
          value={comment}
          maxLength={RESERVATION.commentMax}
          onChange={(e) => setComment(e.target.value)}
          rows={2}
          placeholder={t('reservations.commentHint')}
          className="w-full rounded-2xl border border-line bg-surface px-4 py-3 text-base"
        />
      </Section>

      {phone && (
        <p className="mt-5 flex items-center gap-2 px-1 text-[15px] text-muted">
          <PhoneIcon size={18} />
          {t('reservations.orCall')}{' '}
          <a data-testid="reservation-phone" href={phoneHref(phone) ?? undefined} className="font-semibold text-brand">
            <bdi dir="ltr">{formatPhone(phone)}</bdi>
          </a>
        </p>
      )}

      <div
        data-sticky-bar
        className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 px-4 pt-3 pb-[max(12px,env(safe-area-inset-bottom))] backdrop-blur"
      >
        <div className="mx-auto max-w-xl">
          {loggedIn ? (
            <Button testId="reservation-submit" wide size="lg" disabled={!chosen} busy={book.isPending} onClick={() => book.mutate()}>
              {chosen ? t('reservations.submitAt', { day: formatDayWords(day, language), time: chosen }) : t('reservations.chooseTime')}
            </Button>
          ) : (
            <Link
              data-testid="reservation-login"
              to={LOGIN_PATH}
              state={loginReturnState(location)}
              className={buttonClass({ size: 'lg', wide: true })}
            >
              {t('reservations.loginToBook')}
            </Link>
          )}
        </div>
      </div>
    </>
  );
}

const STATUS_TONE: Record<Reservation['status'], string> = {
  REQUESTED: 'bg-amber-100 text-amber-900',
  CONFIRMED: 'bg-emerald-100 text-emerald-900',
  SEATED: 'bg-emerald-100 text-emerald-900',
  COMPLETED: 'bg-surface-2 text-muted',
  NO_SHOW: 'bg-surface-2 text-muted',
  CANCELLED: 'bg-surface-2 text-muted',
};

function MyReservations() {
  const { t, language } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  const list = useQuery({ ...myReservationsQuery(), enabled: loggedIn });
  const cancel = useMutation({
    mutationFn: (id: string) => cancelReservation(id),
    onSuccess: (moved) => {
      queryClient.setQueryData(reservationKeys.mine, (old: Reservation[] | undefined) => old?.map((r) => (r.id === moved.id ? moved : r)));
      toast(t('reservations.cancelled'), 'success');
    },
    onError: (failure, id) => showFailure(failure, () => cancel.mutate(id)),
  });
  if (!loggedIn) return <LoginPrompt />;
  // Still ahead (or at the table): the book's holding statuses, soonest first.
  const upcoming = (list.data ?? []).filter((r) => HOLDING_STATUSES.includes(r.status)).reverse();
  const past = (list.data ?? []).filter((r) => !upcoming.includes(r));
  return (
    <div
      data-testid="my-reservations-page"
      className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <BackLink to="/profile" label={t('addresses.backToProfile')} />
      <div className="mt-2 mb-5 flex items-center justify-between gap-3 px-1">
        <h1 className="text-[28px] leading-tight font-extrabold tracking-tight">{t('reservations.mine')}</h1>
        <Link to="/reservations" data-testid="my-reservations-new" className={buttonClass({ size: 'sm', variant: 'soft' })}>
          {t('reservations.new')}
        </Link>
      </div>
      {list.isPending ? (
        <PageSpinner />
      ) : list.error ? (
        <LoadFailed testId="my-reservations-error" icon={<ClockIcon size={28} />} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState
          testId="my-reservations-empty"
          framed
          icon={<ClockIcon size={28} />}
          title={t('reservations.emptyTitle')}
          text={t('reservations.emptyText')}
        />
      ) : (
        <>
          {upcoming.length > 0 && (
            <ReservationList
              title={t('reservations.upcoming')}
              items={upcoming}
              language={language}
              onCancel={(id) => cancel.mutate(id)}
              busy={cancel.isPending}
            />
          )}
          {past.length > 0 && <ReservationList title={t('reservations.past')} items={past} language={language} />}
        </>
      )}
    </div>
  );
}

function ReservationList({
  title,
  items,
  language,
  onCancel,
  busy,
}: {
  title: string;
  items: Reservation[];
  language: ReturnType<typeof useTranslation>['language'];
  onCancel?: (id: string) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section title={title}>
      <ul className="overflow-hidden rounded-3xl border border-line bg-surface">
        {items.map((r) => (
          <li key={r.id} data-testid="reservation-item" data-status={r.status} className="border-b border-line px-4 py-3.5 last:border-b-0">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-[17px] font-bold">
                  {formatDateWords(r.startsAt, language)} · <span className="tabular-nums">{formatTimeOfDay(r.startsAt)}</span>
                </p>
                <p className="mt-0.5 text-[15px] text-muted">
                  {pickText(r.branchName, language)}
                  {r.hallName ? ` · ${pickText(r.hallName, language)}` : ''} · {t('reservations.guestsCount', { count: r.guests })}
                </p>
              </div>
              <span
                data-testid="reservation-status"
                className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-bold ${STATUS_TONE[r.status]}`}
              >
                {t(`reservations.status.${r.status}`)}
              </span>
            </div>
            {onCancel && r.canCancel && (
              <Button testId="reservation-cancel" variant="ghost" size="sm" className="mt-2" busy={busy} onClick={() => onCancel(r.id)}>
                {t('reservations.cancel')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
