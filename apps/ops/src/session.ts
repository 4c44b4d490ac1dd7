import { createContext, useContext } from 'react';
import { createSessionStore } from '@dasturxon/client';
import { homeScreenOf, pickText, SCREENS_OF_ROLE, type ConsoleScreen, type StaffRole } from '@dasturxon/domain';
import type { Branch, Staff } from '@dasturxon/domain/contracts';

/** The signed-in staff member and the branches they work at (all the brand's for an admin with none). */
export interface Session {
  token: string;
  staff: Staff;
  branches: Branch[];
  signOut: () => void;
}

/**
 * The staff token, kept in this browser (the client package's session store): read at start, written at a login,
 * forgotten at a sign-out or when the server no longer takes it (api.ts).
 */
export const staffToken = createSessionStore<string, 'signedOut'>({
  key: () => 'dx-ops-token',
  parse: (text) => text || null,
  serialize: (token) => token,
});

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}

export type Screen = ConsoleScreen;

/** What each role sees: the domain's rule (packages/domain/src/ops-board.ts). */
export const SCREENS: Record<StaffRole, readonly Screen[]> = SCREENS_OF_ROLE;

export const SCREEN_PATH: Record<Screen, string> = {
  board: '/',
  stopList: '/stop-list',
  figures: '/figures',
  courier: '/courier',
  reservations: '/reservations',
  chats: '/chats',
  floor: '/floor',
  grades: '/grades',
};

/** The screen a role lands on after signing in. */
export const homeOf = (role: StaffRole): string => SCREEN_PATH[homeScreenOf(role)];

/** The staff member's branches, as the branch filters list them. */
export function myBranches(staff: Staff, all: Branch[]): Branch[] {
  return staff.branchIds.length ? all.filter((b) => staff.branchIds.includes(b.id)) : all;
}

/** The branches to choose from: their names when the list came, else the staff member's own ids. */
export function branchChoices(session: Pick<Session, 'staff' | 'branches'>, content: 'ru' | 'uz' | 'eng'): { id: string; label: string }[] {
  if (session.branches.length) return session.branches.map((b) => ({ id: b.id, label: pickText(b.name, content) || b.address }));
  return session.staff.branchIds.map((id) => ({ id, label: id.slice(0, 8) }));
}

const BRANCH_KEY = 'dx-ops-branch';
/** The branch last chosen on the board or the stop-list ('' for all). */
export const rememberedBranch = (): string => localStorage.getItem(BRANCH_KEY) ?? '';
export function rememberBranch(id: string): void {
  if (id) localStorage.setItem(BRANCH_KEY, id);
  else localStorage.removeItem(BRANCH_KEY);
}
