import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { RouteErrorBoundary } from '../route-error-boundary.tsx';

/** Where a layout shows its page: errors stay inside the layout, code arriving late shows a spinner. */
export function PageOutlet() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
