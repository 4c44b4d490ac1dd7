import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  clientNetwork,
  newPasswordProblem,
  normalizePhone,
  OTP_CODE_LENGTH,
  OTP_RESEND_SECONDS,
  type ClientNetwork,
  type StaffRole,
} from '@dasturxon/domain';
import type { Staff, StaffLoginFailures, StaffPasswordChange } from '@dasturxon/domain/contracts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword, type Db } from '@dasturxon/db';
import type { Clock } from '../../clock.ts';
import { merchantOf, type MerchantRecord } from '../../plugins/tenant.ts';
import { bearerToken, invalidCode, type OtpService } from '../auth/index.ts';
import { announceSessionsEnded } from '../live/index.ts';
import { createStaffRepository, type StaffRecord, type StaffSessionRecord } from './staff.repository.ts';

/** A staff session lasts a long shift. */
export const STAFF_SESSION_HOURS = 16;
/** Failed logins are counted over this window (decision 010). */
export const STAFF_LOGIN_WINDOW_MS = 15 * 60_000;
/** Wrong passwords for one number from one client address in the window before that address must wait. */
export const STAFF_FAILURES_PER_ADDRESS = 5;
/** Wrong passwords for any numbers from one client network (IPv4 /24, IPv6 /48) in the window before the network must wait. */
export const STAFF_FAILURES_PER_NETWORK = 20;
/**
 * Wrong passwords for one number from everywhere in the window (a guess spread over many networks) before the right
 * password alone is not enough: it also needs a device the member signed in on before, or a code sent by SMS.
 */
export const STAFF_FAILURES_PER_NUMBER = 50;
/** Failed logins are kept this long, for the brand's owner to see (`GET /api/ops/v1/auth/failures`). */
export const STAFF_FAILURES_KEPT_MS = 24 * 3_600_000;
/** The known-device cookie: set on each login, sent only to the login calls. */
export const STAFF_DEVICE_COOKIE = 'dx_staff_device';
export const STAFF_DEVICE_DAYS = 180;
/** Staff members one device remembers (a shared kitchen tablet), the latest first. */
const DEVICE_MEMBERS = 5;
/** Used when AUTH_SECRET is not set (decision 010 says what that costs). */
const FALLBACK_DEVICE_KEY = 'dasturxon/staff-device/v1';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function staffView(member: StaffRecord): Staff {
  return {
    id: member.id,
    merchantId: member.merchantId,
    phone: member.phone,
    name: member.name,
    role: member.role,
    branchIds: member.branchIds,
  };
}

export interface StaffAuthDeps {
  db: Db;
  clock: Clock;
  /** The customers' login codes (otp.service.ts): the same sending, limits, SMS gateway and brand budget. */
  codes: Pick<OtpService, 'send' | 'check'>;
  /** AUTH_SECRET: the key the known-device cookie is signed with. */
  secret?: string | undefined;
}

/**
 * The staff's login by phone and password, and their sessions. Separate from the customers' (a customer token
 * finds no staff session, and the other way round). Limits (decision 010, "Staff login"): the guesser, not the
 * account, is stopped — 5 wrong passwords for a number from one address, or 20 for any numbers from one network,
 * and that address or network waits out the window (429). A guess spread over many networks (50 wrong for a number)
 * does not lock the member out either: the right password still gets in from a device the member signed in on
 * before (the signed `dx_staff_device` cookie) or with a code sent by SMS to the member's phone (428 sends it).
 */
export function createStaffAuth({ db, clock, codes, secret }: StaffAuthDeps) {
  const repo = createStaffRepository(db);
  const deviceKey = secret ?? FALLBACK_DEVICE_KEY;

  async function limited(merchantId: string, phone: string, network: ClientNetwork, since: Date): Promise<void> {
    const windowSeconds = Math.ceil(STAFF_LOGIN_WINDOW_MS / 1000);
    const fromHere = await repo.failures(merchantId, since, { phone, address: network.address });
    if (fromHere >= STAFF_FAILURES_PER_ADDRESS) {
      throw new AppError('RATE_LIMITED', {
        retryAfterSeconds: windowSeconds,
        per: 'address',
        limit: STAFF_FAILURES_PER_ADDRESS,
        windowSeconds,
      });
    }
    if ((await repo.failures(merchantId, since, { networkPrefix: network.prefix })) >= STAFF_FAILURES_PER_NETWORK) {
      throw new AppError('RATE_LIMITED', {
        retryAfterSeconds: windowSeconds,
        per: 'network',
        limit: STAFF_FAILURES_PER_NETWORK,
        windowSeconds,
      });
    }
  }

  /** A device's proof for a member: its id, when it was issued, and a MAC over both, the brand and the password's hash. */
  const deviceMac = (member: StaffRecord, issued: string) =>
    createHmac('sha256', deviceKey)
      .update(['staff-device', member.merchantId, member.id, issued, member.passwordHash].join('\n'))
      .digest('base64url')
      .slice(0, 32);
  const deviceEntries = (cookie: string | undefined) =>
    (cookie ?? '')
      .split('~')
      .filter(Boolean)
      .slice(0, DEVICE_MEMBERS * 2);

  /** True when the cookie holds this member's proof, issued within STAFF_DEVICE_DAYS (a new password voids it). */
  function knownDevice(cookie: string | undefined, member: StaffRecord, now: Date): boolean {
    return deviceEntries(cookie).some((entry) => {
      const [id, issued, mac] = entry.split('.');
      if (id !== member.id || !issued || !mac) return false;
      const age = now.getTime() / 1000 - parseInt(issued, 36);
      if (!(age >= -300 && age <= STAFF_DEVICE_DAYS * 86_400)) return false;
      const expected = Buffer.from(deviceMac(member, issued));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  /** The device cookie after this member signed in on it: their fresh proof first, the others it held after. */
  function deviceAfterLogin(cookie: string | undefined, member: StaffRecord, now: Date): string {
    const issued = Math.floor(now.getTime() / 1000).toString(36);
    const others = deviceEntries(cookie).filter((e) => e.split('.')[0] !== member.id && /^[0-9a-f-]{36}\.[0-9a-z]+\.[\w-]{32}$/.test(e));
    return [`${member.id}.${issued}.${deviceMac(member, issued)}`, ...others].slice(0, DEVICE_MEMBERS).join('~');
  }

  /** Under a wide guess: the code sent by SMS must come with the right password (a code is sent when none is given). */
  async function secondFactor(merchant: MerchantRecord, member: StaffRecord, code: string | undefined, clientIp: string): Promise<void> {
    const subject = `staff:${member.id}`;
    if (!code) {
      let sent: { resendAfterSeconds: number; expiresInSeconds?: number };
      try {
        sent = await codes.send({ merchant, phone: member.phone, purpose: 'LOGIN', subject, clientIp });
      } catch (error) {
        // A code this address asked for a moment ago is on its way: the answer is the same, nothing more is sent.
        if (!(error instanceof AppError && error.code === 'OTP_TOO_EARLY')) throw error;
        sent = { resendAfterSeconds: Number(error.details?.retryAfterSeconds ?? OTP_RESEND_SECONDS) };
      }
      throw new AppError('STAFF_CODE_REQUIRED', { codeLength: OTP_CODE_LENGTH, ...sent });
    }
    // The check's transaction commits a wrong try too (it is counted there).
    const checked = await db.transaction((tx) =>
      codes.check(tx, { merchantId: merchant.id, phone: member.phone, purpose: 'LOGIN', subject, code, clientIp }),
    );
    if (!checked.ok) throw invalidCode(checked);
  }

  return {
    async login(
      merchant: MerchantRecord,
      input: { phone: string; password: string; code?: string | undefined },
      clientIp: string,
      device: string | undefined,
    ): Promise<{ token: string; staff: Staff; expiresAt: string; passwordChangeRequired: boolean; device: string }> {
      const merchantId = merchant.id;
      const phone = normalizePhone(input.phone);
      if (!phone) throw new AppError('PHONE_INVALID');
      const now = clock.now();
      const since = new Date(now.getTime() - STAFF_LOGIN_WINDOW_MS);
      const network = clientNetwork(clientIp);
      await limited(merchantId, phone, network, since);
      const member = await repo.byPhone(merchantId, phone);
      // The same work whether or not the number has an account: the answer's time tells nothing.
      const ok = await verifyPassword(input.password, member?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!member || !member.isActive || !ok) {
        await repo.addFailure(merchantId, phone, network.address, now);
        throw new AppError('STAFF_LOGIN_FAILED');
      }
      if ((await repo.failures(merchantId, since, { phone })) >= STAFF_FAILURES_PER_NUMBER && !knownDevice(device, member, now)) {
        await secondFactor(merchant, member, input.code, network.address);
      }
      await repo.clearFailures(merchantId, phone, network.address, new Date(now.getTime() - STAFF_FAILURES_KEPT_MS));
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
      await repo.insertSession({ merchantId, staffId: member.id, tokenHash: hashToken(token), expiresAt, createdAt: now });
      return {
        token,
        staff: staffView(member),
        expiresAt: expiresAt.toISOString(),
        // A one-time password: this session may only set the member's own (every other staff call answers 403).
        passwordChangeRequired: member.mustChangePassword,
        device: deviceAfterLogin(device, member, now),
      };
    },

    /**
     * The signed-in member sets their own password: the current one checked (a wrong one counts as a failed login,
     * under the login's limits), the new one by the domain's policy. Clears a one-time password's flag; the member's
     * other sessions end (this one goes on). Like a login, not in the brand's audit log (an owner's reset is).
     */
    async changePassword(session: StaffSessionRecord, member: StaffRecord, input: StaffPasswordChange, clientIp: string): Promise<Staff> {
      const now = clock.now();
      const network = clientNetwork(clientIp);
      await limited(member.merchantId, member.phone, network, new Date(now.getTime() - STAFF_LOGIN_WINDOW_MS));
      if (!(await verifyPassword(input.currentPassword, member.passwordHash))) {
        await repo.addFailure(member.merchantId, member.phone, network.address, now);
        throw new AppError('CURRENT_PASSWORD_WRONG');
      }
      const problem = newPasswordProblem(input.newPassword, input.currentPassword);
      if (problem) throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.newPassword', message: problem }] });
      const passwordHash = await hashPassword(input.newPassword);
      const after = await db.transaction(async (tx) => {
        const inTx = createStaffRepository(tx);
        // Only over the hash just checked: a reset by the owner in between wins (this answers 401, as the session ends).
        const changed = await inTx.setOwnPassword(member.merchantId, member.id, member.passwordHash, passwordHash);
        if (!changed) throw new AppError('UNAUTHORIZED');
        await inTx.revokeAllOf(member.merchantId, member.id, now, session.id);
        return changed;
      });
      await repo.clearFailures(member.merchantId, member.phone, network.address, new Date(now.getTime() - STAFF_FAILURES_KEPT_MS));
      await announceSessionsEnded(db, member.merchantId); // the other sessions' event streams end
      return staffView(after);
    },

    /** The brand's staff members' wrong passwords of the last day, per member and client network (never the address), latest first. */
    async failures(merchantId: string): Promise<StaffLoginFailures> {
      const rows = await repo.failuresOfStaff(merchantId, new Date(clock.now().getTime() - STAFF_FAILURES_KEPT_MS));
      const members = new Map<string, StaffLoginFailures['content'][number]>();
      const networks = new Map<string, StaffLoginFailures['content'][number]['attempts'][number]>();
      for (const row of rows) {
        if (!row.firstAt || !row.lastAt) continue;
        const member = members.get(row.staffId) ?? {
          staff: { id: row.staffId, name: row.name, phone: row.phone, role: row.role },
          attempts: [],
        };
        members.set(row.staffId, member);
        const label = clientNetwork(row.address).label;
        const key = `${row.staffId} ${label}`;
        const [firstAt, lastAt] = [new Date(row.firstAt).toISOString(), new Date(row.lastAt).toISOString()];
        const known = networks.get(key);
        if (known) {
          known.count += Number(row.count);
          if (firstAt < known.firstAt) known.firstAt = firstAt;
          if (lastAt > known.lastAt) known.lastAt = lastAt;
        } else {
          const attempt = { network: label, count: Number(row.count), firstAt, lastAt };
          networks.set(key, attempt);
          member.attempts.push(attempt);
        }
      }
      return { content: [...members.values()] };
    },

    async authenticate(merchantId: string, token: string): Promise<{ session: StaffSessionRecord; staff: StaffRecord } | null> {
      return repo.session(merchantId, hashToken(token), clock.now());
    },

    /** Whether a session is still live: not logged out, revoked or expired, its member active (the board's stream ends with it). */
    async isLive(session: StaffSessionRecord): Promise<boolean> {
      return (await repo.session(session.merchantId, session.tokenHash, clock.now())) !== null;
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
    /**
     * A staff call a member on a one-time password may make (set their password, who am I, sign out); every other
     * answers 403 PASSWORD_CHANGE_REQUIRED until they set their own.
     */
    beforePasswordChange?: true;
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
    // On a one-time password only the calls that set a new one (and who am I, sign out) answer.
    if (found.staff.mustChangePassword && request.routeOptions.config?.beforePasswordChange !== true) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
    if (rule !== true && !rule.includes(found.staff.role)) throw new AppError('FORBIDDEN', { role: found.staff.role });
    request.staffMember = found.staff;
    request.staffSession = found.session;
  });
}
