import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';
import { serverPageFor } from './server-data.ts';

/** The innermost route React Router picks for an address from the storefront's table, and its params. */
function leaf(pathname: string) {
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1);
  return { path: last?.route.index ? '(index)' : last?.route.path, params: last?.params };
}

describe("the storefront's route table under React Router", () => {
  it('sends each address to its page: static segments over :params over *, whatever the order of the table', () => {
    expect(leaf('/')).toEqual({ path: '(index)', params: {} });
    expect(leaf('/branches/map').path).toBe('branches/map');
    expect(leaf('/branches').path).toBe('branches');
    expect(leaf('/profile/orders/42/map')).toEqual({ path: 'profile/orders/:id/map', params: { id: '42' } });
    expect(leaf('/profile/orders/42')).toEqual({ path: 'profile/orders/*', params: { '*': '42' } });
    expect(leaf('/profile/orders').path).toBe('profile/orders/*');
    expect(leaf('/profile/cards/create').path).toBe('profile/cards/create');
    expect(leaf('/login/confirm').path).toBe('login/confirm');
    expect(leaf('/no/such/page')).toEqual({ path: '*', params: { '*': 'no/such/page' } });
    expect(leaf('/blocked').path).toBe('blocked');
    expect(leaf('/merchantNotAvailable').path).toBe('merchantNotAvailable');
  });

  it('ignores case in static segments and a trailing slash, and decodes params', () => {
    expect(leaf('/Product/a%20b/')).toEqual({ path: 'product/:id', params: { id: 'a b' } });
    expect(leaf('/BASKET').path).toBe('basket');
  });

  it('lists products (menu, category, search) inside the product overlay host, and the product page outside it', () => {
    const host = (pathname: string) => matchRoutes(routes, pathname)?.some((m) => m.route.children?.some((c) => c.index)) ?? false;
    expect(host('/')).toBe(true);
    expect(host('/category')).toBe(true);
    expect(host('/search')).toBe(true);
    expect(host('/product/1')).toBe(false);
    expect(host('/basket')).toBe(false);
  });

  it('puts every page of an open storefront under the check-merchant guard, and the status pages outside it', () => {
    const guard = routes[0]!;
    const guarded = (pathname: string) => matchRoutes(routes, pathname)?.[0]?.route === guard;
    for (const path of ['/', '/product/1', '/basket', '/login', '/extra4', '/branches/map', '/no/such/page'])
      expect(guarded(path)).toBe(true);
    expect(guarded('/blocked')).toBe(false);
    expect(guarded('/merchantNotAvailable')).toBe(false);
  });
});

describe('what the server renders for an address', () => {
  it('matches as the browser does: params decoded, case and a trailing slash ignored', () => {
    expect(serverPageFor('/product/a%20b')).toMatchObject({ kind: 'page', path: '/product/:id', params: { id: 'a b' } });
    expect(serverPageFor('/Product/x/')).toMatchObject({ kind: 'page', params: { id: 'x' } });
    expect(serverPageFor('/product/%E0%A4%A')).toMatchObject({ kind: 'page', params: { id: '%E0%A4%A' } });
    expect(serverPageFor('/category')).toMatchObject({ kind: 'page', path: '/category' });
  });

  it("leaves the customer's own pages to the browser, and renders a 404 for any other address", () => {
    expect(serverPageFor('/basket').kind).toBe('client');
    expect(serverPageFor('/profile').kind).toBe('client');
    expect(serverPageFor('/profile/orders/7').kind).toBe('client');
    expect(serverPageFor('/checkout/confirm').kind).toBe('client');
    expect(serverPageFor('/product').kind).toBe('notFound');
    expect(serverPageFor('/no/such/page').kind).toBe('notFound');
  });

  it('names only addresses the route table has (no page the browser would draw as not found)', () => {
    for (const path of [
      '/',
      '/category',
      '/search',
      '/product/1',
      '/branches',
      '/about',
      '/offerta',
      '/privacy',
      '/basket',
      '/profile/cards',
      '/profile/favorites',
      '/extra4',
    ])
      expect(leaf(path).path, path).not.toBe('*');
  });
});
