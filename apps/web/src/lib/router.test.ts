import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/routes.tsx';
import { createPath, Link, matchPath, matchRoutes, NavLink, Outlet, parsePath, resolveTo, StaticRouter, useLocation, useParams, useRoutes, useSearchParams, type RouteObject } from './router.tsx';

describe('paths', () => {
  it('parses and writes an address in its three parts', () => {
    expect(parsePath('/a/b?x=1&y=2#top')).toEqual({ pathname: '/a/b', search: '?x=1&y=2', hash: '#top' });
    expect(parsePath('/a#h?not-a-query')).toEqual({ pathname: '/a', search: '', hash: '#h?not-a-query' });
    expect(createPath({ pathname: '/a', search: 'x=1', hash: 'h' })).toBe('/a?x=1#h');
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
  });

  it('resolves a query alone, or an object without a path, to the page it is on', () => {
    expect(resolveTo('?tab=archive', { pathname: '/profile/orders' })).toEqual({ pathname: '/profile/orders', search: '?tab=archive', hash: '' });
    expect(resolveTo({ search: '?product=1' }, { pathname: '/category' })).toEqual({ pathname: '/category', search: '?product=1', hash: '' });
    expect(resolveTo('/basket', { pathname: '/category' }).pathname).toBe('/basket');
  });
});

describe('matching', () => {
  it('reads params, decoded, ignores case in static segments and a trailing slash', () => {
    expect(matchPath('/product/:id', '/product/a%20b')).toEqual({ params: { id: 'a b' } });
    expect(matchPath('/product/:id', '/Product/x/')).toEqual({ params: { id: 'x' } });
    expect(matchPath('/product/:id', '/product')).toBeNull();
    expect(matchPath('/product/:id', '/product/x/y')).toBeNull();
    expect(matchPath('/profile/orders/*', '/profile/orders')).toEqual({ params: { '*': '' } });
    expect(matchPath('/profile/orders/*', '/profile/orders/7/x')).toEqual({ params: { '*': '7/x' } });
    expect(matchPath('/profile/orders/*', '/profile/ordersx')).toBeNull();
  });

  it("ranks the storefront's table as React Router does: static over :param over *, whatever the order", () => {
    const leaf = (pathname: string) => {
      const match = matchRoutes(routes, pathname);
      const last = match?.routes.at(-1);
      return { path: last?.index ? '(index)' : last?.path, params: match?.params };
    };
    expect(leaf('/')).toEqual({ path: '(index)', params: {} });
    expect(leaf('/branches/map').path).toBe('branches/map');
    expect(leaf('/branches').path).toBe('branches');
    expect(leaf('/profile/orders/42/map')).toEqual({ path: 'profile/orders/:id/map', params: { id: '42' } });
    expect(leaf('/profile/orders/42')).toEqual({ path: 'profile/orders/*', params: { '*': '42' } });
    expect(leaf('/profile/cards/create').path).toBe('profile/cards/create');
    expect(leaf('/no/such/page')).toEqual({ path: '*', params: { '*': 'no/such/page' } });
    expect(leaf('/blocked').path).toBe('blocked');
  });

  it('takes a later, more specific route over an earlier, looser one', () => {
    const table: RouteObject[] = [{ path: '*', element: 'any' }, { path: 'a/:x', element: 'param' }, { path: 'a/b', element: 'static' }];
    expect(matchRoutes(table, '/a/b')?.routes[0]?.element).toBe('static');
    expect(matchRoutes(table, '/a/c')?.routes[0]?.element).toBe('param');
    expect(matchRoutes(table, '/z')?.routes[0]?.element).toBe('any');
  });
});

describe('drawing', () => {
  const draw = (location: string, node: ReactNode) => renderToStaticMarkup(h(StaticRouter, { location, children: node }));

  function Params() {
    return JSON.stringify(useParams());
  }
  function Layout() {
    return h('main', null, h(Outlet));
  }
  function Routes() {
    return useRoutes([{ element: h(Layout), children: [{ index: true, element: 'home' }, { path: 'p/:id', element: h(Params) }] }]);
  }

  it('nests each matched route in its parent\'s outlet, with the params', () => {
    expect(draw('/', h(Routes))).toBe('<main>home</main>');
    expect(draw('/p/7?x=1', h(Routes))).toBe('<main>{&quot;id&quot;:&quot;7&quot;}</main>');
    expect(draw('/nothing', h(Routes))).toBe('');
  });

  it('gives the address and its query', () => {
    function Where() {
      const location = useLocation();
      const [params] = useSearchParams();
      return `${location.pathname}|${params.get('q')}|${location.key}`;
    }
    expect(draw('/search?q=osh', h(Where))).toBe('/search|osh|default');
  });

  it('draws links as real addresses, and marks the page on screen', () => {
    expect(draw('/x', h(Link, { to: { pathname: '/a', search: '?b=1' }, className: 'l' }, 'A'))).toBe('<a class="l" href="/a?b=1">A</a>');
    expect(draw('/x', h(Link, { to: 'https://example.uz/' }, 'out'))).toBe('<a href="https://example.uz/">out</a>');
    const nav = (at: string, to: string) => draw(at, h(NavLink, { to, className: ({ isActive }) => (isActive ? 'on' : 'off') }, 'n'));
    expect(nav('/branches', '/branches')).toBe('<a aria-current="page" class="on" href="/branches">n</a>');
    expect(nav('/branches/map', '/branches')).toContain('class="on"');
    expect(nav('/branchesx', '/branches')).toContain('class="off"');
    expect(nav('/about', '/')).toContain('class="off"');
  });
});
