import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { HttpError } from '../lib/http.ts';

/** The storefront's query cache, the same in the browser and on the server that renders its pages. */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    // The HTTP client already retries what is worth retrying (docs/spec-index.md section 9).
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });
}

/** An `HttpError` as JSON carries it. */
interface PlainHttpError {
  kind: HttpError['kind'];
  status: number;
  body: HttpError['body'];
  message: string;
}

/**
 * The queries a server-rendered page was drawn from, as JSON can carry them to the browser: answers and
 * failures alike (a product that is not there is part of the page). The merchant and settings travel apart (boot data).
 */
export function pageQueries(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error' });
  // Typed as the Error it stands for: JSON keeps only these fields of it anyway.
  const plain = (error: unknown) =>
    (error instanceof HttpError
      ? { kind: error.kind, status: error.status, body: error.body, message: error.message }
      : null) as unknown as Error | null;
  return {
    ...state,
    queries: state.queries.map((q) => (q.state.error ? { ...q, state: { ...q.state, error: plain(q.state.error) } } : q)),
  };
}

/** Puts a page's queries into a cache, failures as the `HttpError`s the screens know: the server and the browser draw the same page. */
export function hydratePageQueries(queryClient: QueryClient, state: DehydratedState): void {
  const revive = (error: unknown) => {
    const e = error as Partial<PlainHttpError> | null;
    return e && typeof e === 'object' && typeof e.status === 'number'
      ? new HttpError(e.kind ?? 'http', e.status, e.body ?? null, e.message ?? '')
      : new HttpError('network', 0, null, 'The server could not fetch this');
  };
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((q) => (q.state.status === 'error' ? { ...q, state: { ...q.state, error: revive(q.state.error) } } : q)),
  });
}
