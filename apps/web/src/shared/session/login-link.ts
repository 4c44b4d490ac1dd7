import type { Location } from 'react-router';

/** The login page's address. */
export const LOGIN_PATH = '/login';

/**
 * The router state of a link to the login page, so the login brings the customer back to where
 * they were: `<Link to={LOGIN_PATH} state={loginReturnState(location)}>`.
 */
export const loginReturnState = (location: Pick<Location, 'pathname' | 'search'>): { from: string } => ({
  from: `${location.pathname}${location.search}`,
});
