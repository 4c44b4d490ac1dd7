import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { askForAlerts, audioReady, chime, notify, notifyPermission, onAudioChange, type NotifyPermission } from './alerts.ts';
import { useLiveState, useOrderEvents } from './events.tsx';
import { useUnreadChats } from './chat-alerts.tsx';
import { useOpenCalls } from './floor.tsx';
import { LANGUAGE_MARKS } from '@dasturxon/i18n';
import { LANGS, useT, type Lang } from './i18n.ts';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { SCREEN_PATH, SCREENS, useSession, type Screen } from './session.ts';
import { hasBackOffice, hearsNewOrders, ringsFor } from '@dasturxon/domain';
import { Icon } from './icons.tsx';

const NAV_LABEL: Record<Screen, string> = {
  board: 'navBoard',
  stopList: 'navStopList',
  figures: 'navFigures',
  courier: 'navCourier',
  reservations: 'navReservations',
  chats: 'navChats',
  floor: 'navFloor',
  grades: 'navGrades',
};

/** A tab's count of what waits for the staff (the floor's open calls, the chats' unread messages); none at 0. */
function NavBadge({ testId, count, label }: { testId: string; count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      aria-label={label}
      className="ms-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white tabular-nums"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The frame of every signed-in screen: navigation by role, the live state, alerts, language and sign-out. */
export function Shell({ children }: { children: ReactNode }) {
  const tr = useT();
  const { staff, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const live = useLiveState();
  const screens = SCREENS[staff.role];
  const watchesNewOrders = hearsNewOrders(staff.role);
  // The tables' calls nobody has taken yet (issue 32), on the floor's tab; they ring as new orders do (floor.tsx).
  const openCalls = useOpenCalls();
  const worksFloor = screens.includes('floor');
  // The customers' chat messages nobody has opened (issue 32), on the chats tab; a new one rings (chat-alerts.tsx).
  const unreadChats = useUnreadChats();
  const readsChats = screens.includes('chats');
  // The browser's tab shows it too, for a console kept in a background tab.
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\) /, '');
    document.title = unreadChats > 0 ? `(${unreadChats > 99 ? '99+' : unreadChats}) ${base}` : base;
  }, [unreadChats]);
  const [permission, setPermission] = useState<NotifyPermission>(notifyPermission);
  const sounding = useSyncExternalStore(onAudioChange, audioReady, () => false);
  // Offered until both work that can: the sound needs one gesture per page load, notifications one answer.
  const offerAlerts = (watchesNewOrders || worksFloor || readsChats) && (!sounding || permission === 'default');

  // A new order wherever the staff member is in the console: a chime, and a notification when the tab is hidden.
  const announced = useRef(new Set<string>());
  useOrderEvents((event) => {
    if (event.type !== 'order' || !ringsFor(staff, event) || announced.current.has(event.orderId)) return;
    announced.current.add(event.orderId);
    chime();
    if (document.visibilityState !== 'visible' || !document.hasFocus()) {
      notify(tr.t('newOrderTitle', { n: event.number }), tr.status('OPEN'), event.orderId, () => {
        const to = `/orders/${event.orderId}`;
        if (pathname !== to) void navigate(to);
      });
    }
  });

  return (
    <div className="min-h-dvh bg-slate-100 text-slate-900">
      <header className="sticky top-0 z-[1000] border-b border-slate-200 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-[120rem] flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
          <span className="font-bold">
            Dasturxon <span className="font-normal text-slate-400">· {tr.t('appName')}</span>
          </span>
          <nav aria-label={tr.t('appName')} className="order-last flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            {screens.map((screen) => {
              return (
                <NavLink
                  key={screen}
                  to={SCREEN_PATH[screen]}
                  end
                  data-testid={`nav-${screen}`}
                  className={({ isActive }) =>
                    `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-white text-slate-900' : 'text-slate-200 hover:bg-slate-800'}`
                  }
                >
                  {tr.t(NAV_LABEL[screen])}
                  {screen === 'floor' && (
                    <NavBadge testId="nav-floor-badge" count={openCalls} label={tr.t('floorOpenCalls', { count: openCalls })} />
                  )}
                  {screen === 'chats' && (
                    <NavBadge testId="nav-chats-badge" count={unreadChats} label={tr.t('chatsUnreadBadge', { count: unreadChats })} />
                  )}
                </NavLink>
              );
            })}
            {hasBackOffice(staff.role) && (
              <NavLink
                to="/admin"
                data-testid="nav-admin"
                className={({ isActive }) =>
                  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-white text-slate-900' : 'text-slate-200 hover:bg-slate-800'}`
                }
              >
                {tr.t('navAdmin')}
              </NavLink>
            )}
          </nav>
          <div className="ml-auto flex items-center gap-2 text-sm">
            <span data-testid="live-state" data-state={live} className="flex items-center gap-1.5" role="status">
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 rounded-full ${live === 'live' ? 'bg-emerald-400' : 'animate-pulse bg-amber-400'}`}
              />
              <span className="hidden sm:inline">{live === 'live' ? tr.t('live') : tr.t('reconnecting')}</span>
            </span>
            {offerAlerts && (
              <button
                type="button"
                data-testid="enable-alerts"
                title={permission === 'denied' ? tr.t('alertsBlocked') : tr.t('enableAlerts')}
                className="flex items-center gap-1 rounded-md border border-amber-400 px-2 py-1.5 text-amber-200 hover:bg-slate-800"
                onClick={() => void askForAlerts().then(setPermission)}
              >
                <Icon name="bell" /> <span className="hidden md:inline">{tr.t('enableAlerts')}</span>
                <span className="sr-only md:hidden">{tr.t('enableAlerts')}</span>
              </button>
            )}
            <label className="sr-only" htmlFor="ops-lang">
              {tr.t('language')}
            </label>
            <select
              id="ops-lang"
              data-testid="lang-select"
              value={tr.lang}
              onChange={(e) => tr.setLang(e.target.value as Lang)}
              className="rounded-md border border-slate-600 bg-slate-900 px-1 py-1.5 text-white"
            >
              {LANGS.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_MARKS[l]}
                </option>
              ))}
            </select>
            <span className="hidden text-slate-300 lg:inline" data-testid="staff-name">
              {staff.name} · {tr.role(staff.role)}
            </span>
            <button
              type="button"
              data-testid="sign-out"
              onClick={signOut}
              className="rounded-md border border-slate-600 px-2 py-1.5 hover:bg-slate-800"
            >
              {tr.t('signOut')}
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-[120rem]">{children}</main>
    </div>
  );
}
