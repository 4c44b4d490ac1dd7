import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, normalizePhone, type StaffRole } from '@dasturxon/domain';
import type { Staff } from '@dasturxon/domain/contracts';
import { DUMMY_PASSWORD_HASH, verifyPassword, type Db } from '@dasturxon/db';
import type { Clock } from '../../clock.ts';
import { merchantOf } from '../../plugins/tenant.ts';
import { bearerToken } from '../auth/index.ts';
import { announceSessionsEnded } from '../live/index.ts';
import { createStaffRepository, type StaffRecord, type StaffSessionRecord } from './staff.repository.ts';

/** A staff session lasts a long shift. */
export const STAFF_SESSION_HOURS = 16;
/** Failed logins are counted over this window (decision 010). */
export const STAFF_LOGIN_WINDOW_MS = 15 * 60_000;
/** Wrong passwords for one number from one address in the window before that address must wait. */
export const STAFF_FAILURES_PER_ADDRESS = 5;
/** Wrong passwords for one number from all addresses in the window before everyone must wait. */
export const STAFF_FAILURES_PER_PHONE = 20;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function staffView(member: StaffRecord): Staff {
  return { id: member.id, merchantId: member.merchantId, phone: member.phone, name: member.name, role: member.role, branchIds: member.branchIds };
}

/**
 * The staff's login by phone and password, and their sessions. Separate from the customers' (a customer token
 * finds no staff session, and the other way round). Wrong passwords are counted per number and address and
 * per number, as the customer login counts its codes (decision 004): a guesser at one address is stopped after
 * a few tries without locking the member out at their own; a wide guess stops everyone for the window only.
 */
export function createStaffAuth({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createStaffRepository(db);

  async function limited(merchantId: string, phone: string, clientIp: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - STAFF_LOGIN_WINDOW_MS);
    const fromHere = await repo.failures(merchantId, phone, since, clientIp);
    const all = fromHere >= STAFF_FAILURES_PER_ADDRESS ? fromHere : await repo.failures(merchantId, phone, since);
    if (fromHere >= STAFF_FAILURES_PER_ADDRESS || all >= STAFF_FAILURES_PER_PHONE) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(STAFF_LOGIN_WINDOW_MS / 1000) });
    }
  }

  return {
    async login(merchantId: string, input: { phone: string; password: string }, clientIp: string): Promise<{ token: string; staff: Staff; expiresAt: string }> {
      const phone = normalizePhone(input.phone);
      if (!phone) throw new AppError('PHONE_INVALID');
      const now = clock.now();
      await limited(merchantId, phone, clientIp, now);
      const member = await repo.byPhone(merchantId, phone);
      // The same work whether or not the number has an account: the answer's time tells nothing.
      const ok = await verifyPassword(input.password, member?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!member || !member.isActive || !ok) {
        await repo.addFailure(merchantId, phone, clientIp, now);
        throw new AppError('STAFF_LOGIN_FAILED');
      }
      await repo.clearFailures(merchantId, phone, clientIp, new Date(now.getTime() - STAFF_LOGIN_WINDOW_MS));
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
      await repo.insertSession({ merchantId, staffId: member.id, tokenHash: hashToken(token), expiresAt, createdAt: now });
      return { token, staff: staffView(member), expiresAt: expiresAt.toISOString() };
    },

    async authenticate(merchantId: string, token: string): Promise<{ session: StaffSessionRecord; staff: StaffRecord } | null> {
      return repo.session(merchantId, hashToken(token), clock.now());
    },

    async logout(session: StaffSessionRecord): Promise<void> {
      await repo.revoke(session.merchantId, session.id, clock.now());
      await announceSessionsEnded(db, session.merchantId); // its event streams end (live/event-stream.ts)
    },
  };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A staff call: any staff member (`true`) or only these roles; 401 without a staff session, 403 for another role. */
    staff?: true | readonly StaffRole[];
  }
  interface FastifyRequest {
    staffMember: StaffRecord | null;
    staffSession: StaffSessionRecord | null;
  }
}

/** The staff member of a route with `config.staff`. */
export function requireStaff(request: FastifyRequest): StaffRecord {
  if (!request.staffMember) throw new AppError('UNAUTHORIZED');
  return request.staffMember;
}

/** The check of every route with `config.staff`, added to the /api scope beside the customers' guard. */
export function registerStaffGuard(app: FastifyInstance, auth: Pick<StaffAuth, 'authenticate'>): void {
  app.decorateRequest('staffMember', null);
  app.decorateRequest('staffSession', null);
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config?.staff;
    if (!rule) return;
    const token = bearerToken(request);
    const found = token ? await auth.authenticate(merchantOf(request).id, token) : null;
    if (!found) throw new AppError('UNAUTHORIZED');
    if (rule !== true && !rule.includes(found.staff.role)) throw new AppError('FORBIDDEN', { role: found.staff.role });
    request.staffMember = found.staff;
    request.staffSession = found.session;
  });
}
