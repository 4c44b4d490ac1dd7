import { useSyncExternalStore } from 'react';
import { createSessionStore } from '@dasturxon/client';
import type { User } from '@dasturxon/domain';
import { configureAuth, currentMerchantId } from '../../lib/http.ts';

/**
 * The customer's session: the bearer token and the user, kept per merchant (docs/spec-index.md section 4,
 * "Messaging mode": token and user are stored per merchant), so a customer of one brand is a
 * guest at another even on a shared host (`?vendor=` on localhost).
 */
export interface Session {
  token: string;
  user: User;
}

/**
 * Why a session ended. `logout` and `deleted` come from the customer; `expired` from a 401 on a
 * call made with the token (docs/spec-index.md section 8); `elsewhere` from another tab of the same brand.
 */
export type SessionEndReason = 'logout' | 'deleted' | 'expired' | 'elsewhere';

export const sessionKey = (merchantId: string): string => `dx:${merchantId}:session`;

/** A stored session, or null when the text is missing, damaged, or written by a client that stored something else. */
export function parseSession(text: string | null): Session | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Partial<Session> | null;
    if (!raw || typeof raw.token !== 'string' || !raw.token) return null;
    const user = raw.user as Partial<User> | undefined;
    if (!user || typeof user !== 'object' || typeof user.id !== 'string') return null;
    return { token: raw.token, user: user as User };
  } catch {
    return null;
  }
}

/** The client package's session store, keyed by the merchant known now. */
const store = createSessionStore<Session, SessionEndReason>({
  key: () => {
    const merchantId = currentMerchantId();
    return merchantId ? sessionKey(merchantId) : null;
  },
  parse: parseSession,
  serialize: (session) => JSON.stringify(session),
});
const current = store.get;

/** The session of this merchant's customer, or null for a guest. */
export const getSession = (): Session | null => current();
/** The bearer token, or null for a guest. */
export const getToken = (): string | null => current()?.token ?? null;
export const isLoggedIn = (): boolean => current() !== null;

/** After a login (`POST /users/v1/auth/otp/verify`). Nothing else is touched: the guest's basket stays. */
export const startSession = (session: Session): void => store.start(session);

/** The server answered a newer copy of the customer (`/users/me`, a profile edit, a phone change). */
export function updateSessionUser(user: User): void {
  const session = current();
  if (!session || session.user.id !== user.id) return;
  store.replace({ token: session.token, user });
}

/**
 * Forgets the token and the user and tells every listener why. Only the session: what else a
 * logout clears (storage, cookies) is `clearCustomerData()` in `logout.ts`.
 */
export const endSession = (reason: SessionEndReason): void => store.end(reason);

/** Called with each ended session: stores that keep the customer's data in memory reset here. Returns the unsubscribe. */
export const onSessionEnd = (listener: (reason: SessionEndReason) => void): (() => void) => store.onEnd(listener);

/** Called after each login, e.g. to push a guest's locally kept addresses to the new account (docs/spec-index.md section 6). */
export const onSessionStart = (listener: (session: Session) => void): (() => void) => store.onStart(listener);

/** The session, re-rendering on login, logout and profile updates. */
// A page rendered on the server is a guest's page; the session fills in right after hydration.
export const useSession = (): Session | null => useSyncExternalStore(store.subscribe, current, guest);
const guest = (): Session | null => null;
export const useIsLoggedIn = (): boolean => useSession() !== null;
/** The signed-in customer as last answered by the server, or null for a guest. */
export const useSessionUser = (): User | null => useSession()?.user ?? null;

// Calls marked `auth` carry the token; a 401 on such a call is a forced logout (docs/spec-index.md section 8).
// Wired when this module loads, which the route table does before the first render.
configureAuth(getToken, () => {
  if (!current()) return;
  // What else of the customer's the device forgets is code of its own (it never runs on the first screen); should it
  // fail to arrive, the session ends all the same.
  void import('./customer-data.ts')
    .then(
      ({ clearCustomerData }) => {
        if (current()) clearCustomerData();
      },
      () => undefined,
    )
    .then(() => endSession('expired'));
});

// Another tab of the same brand logged in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => store.storageChanged(event.key, 'elsewhere'));
}
