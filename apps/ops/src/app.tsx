import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useNavigationType, useParams } from 'react-router';
import { hasBackOffice } from '@dasturxon/domain';
import type { Branch, Staff } from '@dasturxon/domain/contracts';
import { api, readToken, setUnauthorizedHandler, storeToken } from './api.ts';
import { useT } from './i18n.ts';
import { homeOf, myBranches, SCREENS, SessionContext, type Screen, type Session } from './session.ts';
import { EventsProvider } from './events.tsx';
import { ChatAlertsProvider } from './chat-alerts.tsx';
import { FloorProvider } from './floor.tsx';
import { Shell } from './shell.tsx';
import { Login } from './screens/login.tsx';
import { Board } from './screens/board.tsx';
import { CourierView } from './screens/courier.tsx';
import { ErrorNote, Loading } from './ui.tsx';
import { setConsoleZone } from './format.ts';

// Screens a part of the staff opens now and then load when first opened; the order page brings Leaflet along.
const OrderDetail = lazy(() => import('./screens/order-detail.tsx').then((m) => ({ default: m.OrderDetail })));
const StopListScreen = lazy(() => import('./screens/stop-list.tsx').then((m) => ({ default: m.StopListScreen })));
const ReservationsScreen = lazy(() => import('./screens/reservations.tsx').then((m) => ({ default: m.ReservationsScreen })));
const ChatsScreen = lazy(() => import('./screens/chats.tsx').then((m) => ({ default: m.ChatsScreen })));
const FloorScreen = lazy(() => import('./screens/floor.tsx').then((m) => ({ default: m.FloorScreen })));
// The QR sheet brings the QR library along (drawn in the page): only when the sheet is opened.
const FloorQrSheet = lazy(() => import('./screens/floor-qr.tsx').then((m) => ({ default: m.FloorQrSheet })));
const GradesScreen = lazy(() => import('./screens/grades.tsx').then((m) => ({ default: m.GradesScreen })));
const FiguresScreen = lazy(() => import('./screens/figures.tsx').then((m) => ({ default: m.FiguresScreen })));
// The back office (issue 28) loads only for the roles that have one, when first opened.
const BackOffice = lazy(() => import('./admin/back-office.tsx').then((m) => ({ default: m.BackOffice })));

type Auth =
  | { kind: 'signedOut' }
  | { kind: 'checking'; token: string }
  | { kind: 'failed'; token: string; error: unknown }
  | { kind: 'signedIn'; token: string; staff: Staff };

export function App() {
  const navigate = useNavigate();

  const [auth, setAuth] = useState<Auth>(() => {
    const token = readToken();
    return token ? { kind: 'checking', token } : { kind: 'signedOut' };
  });
  const [branches, setBranches] = useState<Branch[]>([]);
  const [round, setRound] = useState(0);

  useEffect(() => {
    setUnauthorizedHandler(() => setAuth({ kind: 'signedOut' }));
  }, []);

  const checking = auth.kind === 'checking' ? auth.token : null;
  useEffect(() => {
    if (!checking) return;
    let live = true;
    api.me().then(
      (staff) => live && setAuth({ kind: 'signedIn', token: checking, staff }),
      (error: unknown) => live && setAuth((a) => (a.kind === 'signedOut' ? a : { kind: 'failed', token: checking, error })),
    );
    return () => {
      live = false;
    };
  }, [checking, round]);

  const signedIn = auth.kind === 'signedIn';
  useEffect(() => {
    if (!signedIn) return;
    // Names for the branch filters; the console works without them (ids only) when the list fails.
    api.branches().then(setBranches, () => setBranches([]));
  }, [signedIn]);

  const signOut = useCallback(() => {
    api.logout().catch(() => {});
    storeToken(null);
    setAuth({ kind: 'signedOut' });
    void navigate('/login', { replace: true });
  }, [navigate]);

  const session = useMemo<Session | null>(() => {
    if (auth.kind !== 'signedIn') return null;
    const mine = myBranches(auth.staff, branches);
    // Times are read on the branch's clock (issue 29), the staff member's first branch's.
    setConsoleZone(mine[0]?.timeZone ?? branches[0]?.timeZone);
    return { token: auth.token, staff: auth.staff, branches: mine, signOut };
  }, [auth, branches, signOut]);

  let body;
  if (auth.kind === 'signedOut') {
    body = (
      <Login
        onSignedIn={(token, staff) => {
          storeToken(token);
          setAuth({ kind: 'signedIn', token, staff });
          void navigate(homeOf(staff.role), { replace: true });
        }}
      />
    );
  } else if (auth.kind === 'checking') {
    body = <Loading />;
  } else if (auth.kind === 'failed') {
    body = (
      <ErrorNote
        error={auth.error}
        onRetry={() => {
          setAuth({ kind: 'checking', token: auth.token });
          setRound((r) => r + 1);
        }}
      />
    );
  } else if (session) {
    body = (
      <SessionContext value={session}>
        <EventsProvider token={session.token}>
          <FloorProvider
            token={session.token}
            enabled={SCREENS[session.staff.role].includes('floor')}
            onCall={() => void navigate('/floor')}
          >
            <ChatAlertsProvider
              token={session.token}
              enabled={SCREENS[session.staff.role].includes('chats')}
              onMessage={() => void navigate('/chats')}
            >
              <Shell>
                <Screens
                  screens={SCREENS[session.staff.role]}
                  home={homeOf(session.staff.role)}
                  backOffice={hasBackOffice(session.staff.role)}
                />
              </Shell>
            </ChatAlertsProvider>
          </FloorProvider>
        </EventsProvider>
      </SessionContext>
    );
  }
  return (
    <>
      <ScrollToTop />
      {body}
    </>
  );
}

/** A screen opened by a link or a redirect starts at the top; Back and Forward leave the browser's own scroll restoration. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => {
    if (action !== 'POP') window.scrollTo(0, 0);
  }, [pathname, action]);
  return null;
}

/**
 * The screens of the signed-in console (paths under the router's basename /ops), each only for the roles that have it:
 * another role's screen is not found; `/login` and, for a role without the board, `/` go to the role's own screen.
 */
function Screens({ screens, home, backOffice }: { screens: readonly Screen[]; home: string; backOffice: boolean }) {
  const allowed = (screen: Screen) => screens.includes(screen);
  const toHome = <Navigate to={home} replace />;
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="login" element={toHome} />
        <Route index element={allowed('board') ? <Board /> : toHome} />
        <Route path="orders/:id" element={<OrderRoute />} />
        {allowed('stopList') && <Route path="stop-list" element={<StopListScreen />} />}
        {allowed('figures') && <Route path="figures" element={<FiguresScreen />} />}
        {allowed('courier') && <Route path="courier" element={<CourierView />} />}
        {allowed('reservations') && <Route path="reservations" element={<ReservationsScreen />} />}
        {allowed('chats') && <Route path="chats" element={<ChatsScreen />} />}
        {allowed('floor') && <Route path="floor" element={<FloorScreen />} />}
        {allowed('floor') && <Route path="floor/qr" element={<FloorQrSheet />} />}
        {allowed('grades') && <Route path="grades" element={<GradesScreen />} />}
        {backOffice && <Route path="admin/*" element={<BackOffice />} />}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

function OrderRoute() {
  const { id = '' } = useParams();
  return <OrderDetail id={id} />;
}

function NotFound() {
  const tr = useT();
  return (
    <p className="p-6 text-center text-slate-500" data-testid="not-found">
      {tr.t('notFound')}
    </p>
  );
}
