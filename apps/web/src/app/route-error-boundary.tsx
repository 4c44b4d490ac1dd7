import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { lazyPage } from '../lib/chunk-reload.ts';

// Rarely seen, so not in the first screen's code.
const ErrorPage = lazyPage(() => import('./pages/error-page.tsx').then((m) => m.ErrorPage));

interface Props {
  children: ReactNode;
  resetKey: string;
}

interface State {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

class Boundary extends Component<Props, State> {
  state: State = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  /** A failed page is forgotten once the visitor goes elsewhere; a healthy tree is never remounted. */
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render() {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <ErrorPage error={this.state.error} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}

/**
 * The route error element of this router: a page that throws shows the generic error page
 * (status code, status message, text) in place of the page; going to another path starts afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
