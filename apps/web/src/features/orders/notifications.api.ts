import { infiniteQueryOptions } from '@tanstack/react-query';
import type { NotificationPage } from '@dasturxon/domain/contracts';
import { http } from '../../lib/http.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';

/*
 * The customer's notifications about their orders (issue 15, where the brand has `notificationsActive`): the list of
 * `/profile/notifications` and marking them read. The unread count of the profile's menu is `shared/notifications/
 * unread-badge.tsx`, a file of its own loaded by the profile page. Under the session's root: dropped at logout.
 */

export const notificationKeys = {
  all: [...sessionKeys.all, 'notifications'] as const,
  list: [...sessionKeys.all, 'notifications', 'list'] as const,
  /**
   * The profile's badge keeps the count under this key (`unreadKey` of unread-badge.tsx). Written out, not imported:
   * a module both files imported would be one more shared file named in the first screen's preload table.
   */
  unread: [...sessionKeys.all, 'notifications', 'unread'] as const,
};

export const NOTIFICATION_PAGE_SIZE = 20;
const PATH = '/notifications/v1/notifications';

/** `GET /notifications/v1/notifications?page&size` (WITH_TOKEN): newest first, with the count of unread ones. */
export const fetchNotifications = (page: number, size: number, signal?: AbortSignal): Promise<NotificationPage> =>
  http<NotificationPage>(PATH, { auth: true, signal, query: { page, size } });

/** `POST /notifications/v1/notifications/read` (WITH_TOKEN): these as read, or without ids every one (204). */
export const markNotificationsRead = (ids?: readonly string[]): Promise<void> =>
  http<void>(`${PATH}/read`, { method: 'POST', auth: true, body: ids ? { ids } : {} });

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, NOTIFICATION_PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: (last: NotificationPage) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
  });
