import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateWords, formatTimeOfDay, pickText } from '@dasturxon/domain';
import type { Notification, ReservationNews } from '@dasturxon/domain/contracts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useNumberText } from '../../shared/catalogue/price.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { markNotificationsRead, notificationKeys, notificationsQuery } from './notifications.api.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { ClockIcon } from '../../shared/ui/icons.tsx';
import { BellIcon, ChevronEndIcon } from '../../shared/ui/more-icons.tsx';
import { BackLink, LoadFailed } from '../../shared/ui/page-parts.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { StatusBadge } from './order-parts.tsx';
import { orderTimeText } from './order-rules.ts';

/**
 * `/profile/notifications` (issue 15): the customer's notifications about their orders and reservations (issue 32),
 * newest first in one list, each leading to its order or to "my reservations", the unread ones marked. Opening the page marks them all read; the marks stay for this visit. Only where
 * the brand has `notificationsActive`.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const settings = useMerchantSettings();

  useEffect(() => {
    document.title = t('notifications.title');
  }, [t]);

  if (!loggedIn) return <LoginPrompt />;
  return (
    <div
      data-testid="notifications-page"
      className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <BackLink to="/profile" label={t('orders.backToProfile')} />
      <h1 className="mt-2 mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('notifications.title')}</h1>
      {settings.notificationsActive ? (
        <Notifications />
      ) : (
        <EmptyState testId="notifications-unavailable" framed icon={<BellIcon size={28} />} title={t('notifications.unavailable')} />
      )}
    </div>
  );
}

function Notifications() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(notificationsQuery());
  const unread = data?.pages[0]?.unread ?? 0;
  const marked = useRef(false);

  // Seen: every notification is read from now on; the badge goes, the marks on this page stay until it is left.
  useEffect(() => {
    if (unread === 0 || marked.current) return;
    marked.current = true;
    markNotificationsRead().then(
      () => {
        queryClient.setQueryData(notificationKeys.unread, 0);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
      },
      () => {
        marked.current = false;
      },
    );
  }, [unread, queryClient]);

  if (isPending) return <PageSpinner />;
  if (error && !data)
    return <LoadFailed testId="notifications-error" icon={<BellIcon size={28} />} error={error} onRetry={() => void refetch()} />;
  const items = data.pages.flatMap((p) => p.content);
  if (items.length === 0) {
    return (
      <EmptyState
        testId="notifications-empty"
        framed
        icon={<BellIcon size={28} />}
        title={t('notifications.emptyTitle')}
        text={t('notifications.emptyText')}
      />
    );
  }
  return (
    <>
      <ul data-testid="notifications-list" className="flex flex-col gap-3">
        {items.map((n) => (
          <NotificationCard key={n.id} notification={n} />
        ))}
      </ul>
      {hasNextPage && (
        <Button
          variant="secondary"
          wide
          className="mt-4"
          testId="notifications-more"
          busy={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {t('orders.showMore')}
        </Button>
      )}
    </>
  );
}

function NotificationCard({ notification: n }: { notification: Notification }) {
  return n.kind === 'RESERVATION' && n.reservation ? (
    <ReservationNotice notification={n} reservation={n.reservation} />
  ) : (
    <OrderNotice notification={n} />
  );
}

const cardClass = (unread: boolean) =>
  `flex items-center gap-3 rounded-3xl border p-4 transition-colors hover:bg-surface-2 ${unread ? 'border-brand bg-brand/8' : 'border-line bg-surface'}`;

/** A reservation's news: what happened, the branch, the day and the time; it leads to the customer's reservations. */
function ReservationNotice({
  notification: n,
  reservation: r,
}: {
  notification: Notification;
  reservation: NonNullable<Notification['reservation']>;
}) {
  const { t, language } = useTranslation();
  const unread = n.readAt === null;
  return (
    <li data-testid="notification" data-unread={unread} data-kind="RESERVATION" data-news={r.news}>
      <Link to="/profile/reservations" className={cardClass(unread)}>
        <span aria-hidden="true" className="relative grid size-11 shrink-0 place-items-center rounded-full bg-surface-2">
          <ClockIcon size={22} />
          {unread && <span className="absolute -end-0.5 -top-0.5 size-3 rounded-full border-2 border-surface bg-red-600" />}
        </span>
        <span className="min-w-0 flex-1">
          <span
            data-testid="notification-title"
            className={`block text-[16px] tracking-tight ${unread ? 'font-extrabold' : 'font-semibold'}`}
          >
            {reservationNewsText(t, r.news)}
            {unread && <span className="sr-only">{` (${t('notifications.unread')})`}</span>}
          </span>
          <span data-testid="notification-reservation" className="mt-1 block text-[14px] text-muted">
            {pickText(r.branchName, language)} · {formatDateWords(r.startsAt, language)} ·{' '}
            <bdi className="tabular-nums">{formatTimeOfDay(r.startsAt)}</bdi>
          </span>
          <bdi data-testid="notification-time" className="mt-1 block text-[13px] text-muted tabular-nums">
            {orderTimeText(n.createdAt, language)}
          </bdi>
        </span>
        <ChevronEndIcon size={20} className="shrink-0 text-muted rtl:-scale-x-100" />
      </Link>
    </li>
  );
}

function reservationNewsText(t: ReturnType<typeof useTranslation>['t'], news: ReservationNews): string {
  switch (news) {
    case 'BOOKED':
      return t('notifications.reservation.booked');
    case 'CONFIRMED':
      return t('notifications.reservation.confirmed');
    case 'NO_SHOW':
      return t('notifications.reservation.noShow');
    case 'CANCELLED':
      return t('notifications.reservation.cancelled');
  }
}

function OrderNotice({ notification: n }: { notification: Notification }) {
  const { t, language } = useTranslation();
  const numberText = useNumberText();
  const unread = n.readAt === null;
  const body = (
    <>
      <span aria-hidden="true" className="relative grid size-11 shrink-0 place-items-center rounded-full bg-surface-2">
        <BellIcon size={22} />
        {unread && <span className="absolute -end-0.5 -top-0.5 size-3 rounded-full border-2 border-surface bg-red-600" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className={`block text-[16px] tracking-tight ${unread ? 'font-extrabold' : 'font-semibold'}`}>
          {n.orderNumber !== null ? numberText(t('orders.number', { number: String(n.orderNumber) })) : t('notifications.generic')}
          {unread && <span className="sr-only">{` (${t('notifications.unread')})`}</span>}
        </span>
        <span className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
          {n.status && <StatusBadge status={n.status} />}
          <bdi data-testid="notification-time" className="text-[13px] text-muted tabular-nums">
            {orderTimeText(n.createdAt, language)}
          </bdi>
        </span>
      </span>
      {n.orderId && <ChevronEndIcon size={20} className="shrink-0 text-muted rtl:-scale-x-100" />}
    </>
  );
  const className = `flex items-center gap-3 rounded-3xl border p-4 ${unread ? 'border-brand bg-brand/8' : 'border-line bg-surface'}`;
  return (
    <li data-testid="notification" data-unread={unread} data-status={n.status ?? ''}>
      {n.orderId ? (
        <Link to={`/profile/orders/${n.orderId}`} className={`${className} transition-colors hover:bg-surface-2`}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}
