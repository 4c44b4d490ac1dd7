import { Suspense } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useT } from '../i18n.ts';
import { useSession } from '../session.ts';
import { Loading } from '../ui.tsx';
import { screensOf } from './screens.ts';

/** The back office's frame (/ops/admin/...): the role's screens beside (above, on a phone) the one open. */
export function BackOffice() {
  const tr = useT();
  const { staff } = useSession();
  const screens = screensOf(staff.role);
  const first = screens[0];
  return (
    <div className="flex flex-col gap-3 p-3 md:flex-row md:items-start">
      <nav aria-label={tr.t('navAdmin')} className="flex gap-1 overflow-x-auto md:w-52 md:shrink-0 md:flex-col" data-testid="admin-nav">
        {screens.map((screen) => (
          <NavLink
            key={screen.id}
            to={`/admin/${screen.id}`}
            data-testid={`admin-nav-${screen.id}`}
            className={({ isActive }) =>
              `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-200'}`
            }
          >
            {tr.t(`admin.nav.${screen.id}`)}
          </NavLink>
        ))}
      </nav>
      <section className="min-w-0 flex-1">
        <Suspense fallback={<Loading />}>
          <Routes>
            {first && <Route index element={<Navigate to={`/admin/${first.id}`} replace />} />}
            {screens.map((screen) => (
              <Route key={screen.id} path={`${screen.id}/*`} element={<screen.component />} />
            ))}
            <Route
              path="*"
              element={
                <p className="p-6 text-center text-slate-500" data-testid="not-found">
                  {tr.t('notFound')}
                </p>
              }
            />
          </Routes>
        </Suspense>
      </section>
    </div>
  );
}
