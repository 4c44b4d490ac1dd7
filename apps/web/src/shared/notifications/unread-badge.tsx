import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@dasturxon/domain/contracts';
import { useTranslation } from '../../i18n/i18n.ts';
import { http } from '../../lib/http.ts';
import { useNumberText } from '../catalogue/price.ts';
import { useMerchantSettings } from '../merchant/merchant.api.ts';
import { sessionKeys } from '../session/session.api.ts';
import { useIsLoggedIn } from '../session/session-store.ts';

/*
 * The count of the customer's unread notifications (issue 15, where the brand has `notificationsActive`), beside the
 * entry of the profile's menu that leads to them. A file of its own that the profile page loads on demand, so neither
 * it nor its call are named in the first screen's preload table (scripts/size-budget.mjs); the notifications' page
 * (features/orders/notifications.api.ts) sets the same key to 0 once it has marked them read.
 */

/** Under the session's root: dropped at logout. */
export const unreadKey = [...sessionKeys.all, 'notifications', 'unread'] as const;
/** How often the count is asked for again while it is shown. */
const UNREAD_POLL_MS = 60_000;

/** `GET /notifications/v1/notifications?page=0&size=1` (WITH_TOKEN): only its count of unread ones. */
export const unreadQuery = () =>
  queryOptions({
    queryKey: unreadKey,
    queryFn: ({ signal }) =>
      http<NotificationPage>('/notifications/v1/notifications', { auth: true, signal, query: { page: 0, size: 1 } }).then((p) => p.unread),
    refetchInterval: UNREAD_POLL_MS,
  });

/** The count for a badge; 0 while unknown, for a guest, or where the brand has notifications off. */
export function useUnreadNotifications(): number {
  const settings = useMerchantSettings();
  const loggedIn = useIsLoggedIn();
  const on = settings.notificationsActive && loggedIn;
  const { data } = useQuery({ ...unreadQuery(), enabled: on });
  return on ? (data ?? 0) : 0;
}

/** The badge: the count (99+ beyond), read out as "Unread: N"; nothing when none. */
export function UnreadBadge({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const numberText = useNumberText();
  const count = useUnreadNotifications();
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid={testId}
        className="grid h-6 min-w-6 place-items-center rounded-full bg-red-600 px-1.5 text-[13px] font-bold text-white tabular-nums"
      >
        {numberText(count > 99 ? '99+' : String(count))}
      </span>
      <span className="sr-only">{t('profile.menu.unread', { count })}</span>
    </>
  );
}
