import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/*
 * The storefront's router (docs/decisions/011): the part of React Router's declarative API this app uses, with the
 * same behaviour, in about a fifth of its first-screen bytes. Addresses are matched against a table of nested
 * routes (`useRoutes`, ranked as React Router ranks them: static segments over `:params` over `*`); navigations
 * are transitions, so the page on screen stays up while the next one's code loads; history entries carry
 * `{ usr, key, idx }` as React Router's do, so `history.state.idx` says whether there is a page of ours to go
 * back to.
 */

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export type Path = { pathname: string; search: string; hash: string };
export type Location = Path & { state: unknown; key: string };
/** An absolute path ('/a?b#c'), a query of the current page ('?b'), or the parts of one. */
export type To = string | Partial<Path>;
export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
export type NavigateFunction = { (to: To, options?: NavigateOptions): void; (delta: number): void };
export type RouteObject = { path?: string; index?: boolean; element?: ReactNode; children?: RouteObject[] };
export type Params = Record<string, string | undefined>;

type RouterState = { location: Location; action: NavigationType; navigate: NavigateFunction };
type HistoryEntry = { usr: unknown; key: string; idx: number };

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

export function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const rest = hashAt < 0 ? path : path.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  return { pathname: searchAt < 0 ? rest : rest.slice(0, searchAt), search: searchAt < 0 ? '' : rest.slice(searchAt), hash };
}

export function createPath({ pathname, search, hash }: Path): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${query}${fragment}`;
}

/** Where `to` leads from `from`: a query alone stays on the same page; parts left out of an object keep the page's path. */
export function resolveTo(to: To, from: Pick<Path, 'pathname'>): Path {
  if (typeof to !== 'string') return { pathname: to.pathname ?? from.pathname, search: to.search ?? '', hash: to.hash ?? '' };
  const path = parsePath(to);
  return path.pathname ? path : { ...path, pathname: from.pathname };
}

const isExternal = (to: To): to is string => typeof to === 'string' && /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to);

// ---- matching ----

type Branch = { routes: RouteObject[]; pattern: string; score: number };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** React Router's ranking: each static segment 10, a `:param` 3, more segments more, a `*` less, an index route a little more. */
function scoreOf(pattern: string, index: boolean): number {
  const segments = pattern.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) if (segment !== '*') score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  return score;
}

function flatten(routes: RouteObject[], parents: RouteObject[] = [], parentPath = '', into: Branch[] = []): Branch[] {
  for (const route of routes) {
    const chain = [...parents, route];
    const pattern = segmentsOf(route.path ? `${parentPath}/${route.path}` : parentPath).join('/');
    if (route.children) flatten(route.children, chain, pattern, into);
    if (route.path !== undefined || route.index) into.push({ routes: chain, pattern, score: scoreOf(pattern, Boolean(route.index)) });
  }
  return into;
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The params of `pathname` under `pattern` ('/product/:id', 'profile/orders/*'), or null. Static segments ignore case. */
export function matchPath(pattern: string, pathname: string): { params: Params } | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const params: Params = {};
  for (let i = 0; i < wanted.length; i++) {
    const segment = wanted[i]!;
    if (segment === '*' && i === wanted.length - 1) {
      params['*'] = given.slice(i).map(decode).join('/');
      return { params };
    }
    const value = given[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(value);
    else if (segment.toLowerCase() !== decode(value).toLowerCase()) return null;
  }
  return given.length === wanted.length ? { params } : null;
}

const ranked = new WeakMap<RouteObject[], Branch[]>();

/** The chain of routes (outermost first) that draws `pathname`, and its params. */
export function matchRoutes(routes: RouteObject[], pathname: string): { routes: RouteObject[]; params: Params } | null {
  let branches = ranked.get(routes);
  if (!branches) {
    // A stable sort: equal scores keep the table's order.
    branches = flatten(routes).sort((a, b) => b.score - a.score);
    ranked.set(routes, branches);
  }
  for (const branch of branches) {
    const match = matchPath(branch.pattern, pathname);
    if (match) return { routes: branch.routes, params: match.params };
  }
  return null;
}

// ---- routers ----

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('The storefront router is missing around this part');
  return router;
}

const newKey = () => Math.random().toString(36).slice(2, 10);
const historyEntry = () => window.history.state as Partial<HistoryEntry> | null;

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = historyEntry();
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The browser's history, every change a transition. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => {
    // The first entry gets its place in the stack, as every entry this router writes has one.
    if (typeof historyEntry()?.idx !== 'number') window.history.replaceState({ ...historyEntry(), idx: 0 }, '');
    return { location: browserLocation(), action: 'POP' as NavigationType };
  });

  const navigate = useCallback<NavigateFunction>((to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const url = createPath(resolveTo(to, window.location));
    const idx = (historyEntry()?.idx ?? 0) + (options.replace ? 0 : 1);
    const entry: HistoryEntry = { usr: options.state ?? null, key: newKey(), idx };
    if (options.replace) window.history.replaceState(entry, '', url);
    else {
      try {
        window.history.pushState(entry, '', url);
      } catch {
        // Safari refuses more than 100 pushes in a short while: the address is still honoured, as a page load.
        window.location.assign(url);
        return;
      }
    }
    const action: NavigationType = options.replace ? 'REPLACE' : 'PUSH';
    startTransition(() => setState({ location: browserLocation(), action }));
  }, []);

  useLayoutEffect(() => {
    const onPop = () => startTransition(() => setState({ location: browserLocation(), action: 'POP' }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

const stay: NavigateFunction = () => {};

/** One fixed address (server rendering): nothing navigates. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(() => ({ location: { ...parsePath(location), state: null, key: 'default' }, action: 'POP' as const, navigate: stay }), [location]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

// ---- hooks and parts ----

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().action;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Params => useContext(RouteContext).params;

type SearchInit = string | URLSearchParams | Record<string, string> | [string, string][];

/** The page's query, and a way to change it (a navigation to the same page with another query). */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next);
      navigate(`?${value}`, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** The element of the routes that match the address, each drawing the next in its `<Outlet />`. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const match = matchRoutes(routes, pathname);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => <RouteContext value={{ outlet, params: match.params }}>{route.element === undefined ? outlet : route.element}</RouteContext>,
    null,
  );
}

export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

/** Goes to `to` once drawn (on the server it draws nothing and goes nowhere). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }): null {
  const { navigate, location } = useRouter();
  const target = createPath(resolveTo(to, location));
  useEffect(() => navigate(target, { replace, state }), [navigate, target, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A real `<a href>` (it works before the app has loaded, and opens in a new tab with a modifier key); a plain click
 * navigates inside the app. A link to the page on screen replaces its entry instead of adding one.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = isExternal(to) ? to : createPath(resolveTo(to, location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (isExternal(to) || event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href, { replace: replace ?? createPath(location) === href, state });
  };
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string | ((state: { isActive: boolean }) => string) };

/** A link that knows when its page (or a page under it) is the one on screen: `aria-current="page"`. */
export function NavLink({ className, ...props }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const path = resolveTo(props.to, { pathname: here }).pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const isActive = here === path || (here.startsWith(path) && here.charAt(path.length) === '/');
  return <Link {...props} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} />;
}
