import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError, needsBranches, normalizePhone, staffChangeRefusal, type StaffRole } from '@dasturxon/domain';
import {
  AdminIdParams,
  AdminStaffList,
  AdminStaffMember,
  StaffAction,
  StaffInvite,
  StaffUpdate,
  StaffWithPassword,
} from '@dasturxon/domain/contracts';
import { branches, isUniqueViolation, merchantSettings, merchants, staff, type Db } from '@dasturxon/db';
import type { Clock } from '../../../clock.ts';
import { announceSessionsEnded } from '../../live/index.ts';
import { createStaffRepository } from '../../staff/index.ts';
import { newOneTimePassword, sendOneTimePassword, type OneTimePasswordSms } from '../../staff/index.ts';
import { actorOf, adminErrors, adminOf, adminSecurity, adminTags, audit, updateVersioned, type Actor } from '../admin-kernel.ts';

type StaffRow = typeof staff.$inferSelect;

export interface StaffAdminOptions {
  db: Db;
  clock: Clock;
  /** The brand's SMS gateway (the auth feature's sender): a one-time password goes to the member's phone too. */
  sms?: OneTimePasswordSms | undefined;
}

const viewOf = (row: StaffRow): AdminStaffMember => ({
  id: row.id,
  version: row.version,
  phone: row.phone,
  name: row.name,
  role: row.role,
  branchIds: row.branchIds,
  isActive: row.isActive,
  mustChangePassword: row.mustChangePassword,
  createdAt: row.createdAt.toISOString(),
});

/** A member as the audit log keeps them: never the password's hash. */
const auditOf = (row: StaffRow) => {
  const { passwordHash: _hash, ...rest } = row;
  return rest;
};

const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', { fields: [{ field, message }] });

/** The member of the brand, locked for the change; 404 when the brand has none such (another brand's id included). */
async function lockMember(tx: Db, merchantId: string, id: string): Promise<StaffRow> {
  const [row] = await tx
    .select()
    .from(staff)
    .where(and(eq(staff.merchantId, merchantId), eq(staff.id, id)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * How many active owners the brand has, their rows locked to the end of the change, always first and in one order:
 * two owners disabling each other at once wait in turn (the second then finds the last owner), never deadlock.
 */
async function activeOwners(tx: Db, merchantId: string): Promise<number> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.merchantId, merchantId), eq(staff.role, 'owner'), eq(staff.isActive, true)))
    .orderBy(asc(staff.id))
    .for('update');
  return rows.length;
}

/**
 * The branches a member of this role works at, checked to be the brand's: an owner works everywhere (none kept), an
 * operator, a kitchen and a courier name at least one (400 on `body.branchIds` otherwise).
 */
async function branchesFor(tx: Db, merchantId: string, role: StaffRole, given: readonly string[]): Promise<string[]> {
  if (role === 'owner') return [];
  const ids = [...new Set(given)];
  if (ids.length === 0 && needsBranches(role)) throw fieldError('body.branchIds', `a ${role} works at named branches: name at least one`);
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), inArray(branches.id, ids), eq(branches.deleted, false)));
  const known = new Set(found.map((b) => b.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw fieldError(`body.branchIds.${given.indexOf(ids[index]!)}`, 'not a branch of the brand');
  return ids;
}

const common = { tags: adminTags, security: adminSecurity };

/**
 * The brand's staff accounts (issue 28, area `staff`: the owner only; docs/back-office.md "Staff"): the list, an
 * invitation by phone with a one-time password, a member's name, role and branches, a reset password, disable and
 * enable. Every write is versioned and audited; a reset and a disable end the member's sessions at once.
 */
export const staffAdminRoutes: FastifyPluginAsyncZod<StaffAdminOptions> = async (app, { db, clock, sms }) => {
  /** Sends a member their one-time password in the brand's main language, with the console's address on this host. */
  async function sendPassword(request: FastifyRequest, member: StaffRow, password: string, log: FastifyBaseLogger): Promise<boolean> {
    const [brand] = await db
      .select({ id: merchants.id, name: merchants.name, smsGateway: merchants.smsGateway, language: merchantSettings.mainLanguage })
      .from(merchants)
      .leftJoin(merchantSettings, and(eq(merchantSettings.merchantId, merchants.id), eq(merchantSettings.channel, 'WEB')))
      .where(eq(merchants.id, member.merchantId))
      .limit(1);
    if (!brand) return false;
    return sendOneTimePassword(
      { sms, log },
      {
        merchant: brand,
        phone: member.phone,
        brand: brand.name,
        language: brand.language ?? 'ru',
        site: `${request.protocol}://${request.host}`,
      },
      password,
    );
  }

  /** Ends the member's sessions in the change's transaction; their event streams end after it commits. */
  const endSessions = (tx: Db, member: StaffRow) => createStaffRepository(tx).revokeAllOf(member.merchantId, member.id, clock.now());

  /**
   * The member locked for a change of role or activity, when the owners' rule (domain `staffChangeRefusal`) allows
   * it, else its catalogue error. The owners are locked before the member (activeOwners).
   */
  async function lockForChange(tx: Db, actor: Actor, id: string, next: (member: StaffRow) => { role: StaffRole; isActive: boolean }) {
    const owners = await activeOwners(tx, actor.merchantId);
    const member = await lockMember(tx, actor.merchantId, id);
    const refusal = staffChangeRefusal(actor.id, member, next(member), owners);
    if (refusal) throw new AppError(refusal, { staffId: member.id });
    return member;
  }

  app.get(
    '/admin/v1/staff',
    {
      config: adminOf('staff'),
      schema: { ...common, summary: "The brand's staff members, disabled ones too", response: { 200: AdminStaffList, ...adminErrors } },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(staff)
        .where(eq(staff.merchantId, actorOf(request).merchantId))
        .orderBy(asc(staff.createdAt), asc(staff.phone));
      return { content: rows.map(viewOf) };
    },
  );

  app.get(
    '/admin/v1/staff/:id',
    {
      config: adminOf('staff'),
      schema: { ...common, summary: 'A staff member', params: AdminIdParams, response: { 200: AdminStaffMember, ...adminErrors } },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.merchantId, actorOf(request).merchantId), eq(staff.id, request.params.id)));
      if (!row) throw new AppError('NOT_FOUND');
      return viewOf(row);
    },
  );

  app.post(
    '/admin/v1/staff',
    {
      config: adminOf('staff'),
      schema: {
        ...common,
        summary: 'Invite a staff member by phone',
        description:
          'Creates the account with a role and branches (the brand’s; an operator, a kitchen and a courier name at least one; an owner works everywhere) ' +
          'and a one-time password, answered here once and sent by SMS through the brand’s gateway (`smsSent`). At the first login the member must set ' +
          'their own password. 409 STAFF_PHONE_TAKEN when the number is already on the brand’s staff.',
        body: StaffInvite,
        response: { 201: StaffWithPassword, ...adminErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      const phone = normalizePhone(body.phone);
      if (!phone) throw fieldError('body.phone', 'a phone number');
      const { password, passwordHash } = await newOneTimePassword();
      let created: StaffRow;
      try {
        created = await db.transaction(async (tx) => {
          const [taken] = await tx
            .select({ id: staff.id })
            .from(staff)
            .where(and(eq(staff.merchantId, actor.merchantId), eq(staff.phone, phone)));
          if (taken) throw new AppError('STAFF_PHONE_TAKEN', { phone, staffId: taken.id });
          const branchIds = await branchesFor(tx, actor.merchantId, body.role, body.branchIds);
          const [row] = await tx
            .insert(staff)
            .values({
              merchantId: actor.merchantId,
              phone,
              name: body.name,
              role: body.role,
              branchIds,
              passwordHash,
              mustChangePassword: true,
            })
            .returning();
          await audit(tx, actor, { objectType: 'staff', objectId: row!.id, action: 'create', after: auditOf(row!) });
          return row!;
        });
      } catch (error) {
        // Two invitations of one number at once: the unique key answers for the second.
        if (isUniqueViolation(error)) throw new AppError('STAFF_PHONE_TAKEN', { phone });
        throw error;
      }
      const smsSent = await sendPassword(request, created, password, request.log);
      return reply.code(201).send({ member: viewOf(created), oneTimePassword: password, smsSent });
    },
  );

  app.patch(
    '/admin/v1/staff/:id',
    {
      config: adminOf('staff'),
      schema: {
        ...common,
        summary: "Change a staff member's name, role or branches",
        description:
          'At the version read (409 VERSION_CONFLICT when stale). Nobody changes their own role (409 STAFF_SELF_CHANGE), and the brand keeps an active ' +
          'owner (409 STAFF_LAST_OWNER). Branches are the brand’s (400 on `body.branchIds.<i>`).',
        params: AdminIdParams,
        body: StaffUpdate,
        response: { 200: AdminStaffMember, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, ...body } = request.body;
      return db.transaction(async (tx) => {
        const before = await lockForChange(tx, actor, request.params.id, (m) => ({ role: body.role ?? m.role, isActive: m.isActive }));
        const role = body.role ?? before.role;
        const values: Partial<StaffRow> = {};
        if (body.name !== undefined) values.name = body.name;
        if (body.role !== undefined) values.role = body.role;
        if (body.branchIds !== undefined || body.role !== undefined) {
          values.branchIds = await branchesFor(tx, actor.merchantId, role, body.branchIds ?? before.branchIds);
        }
        const after = await updateVersioned(tx, staff, actor.merchantId, before.id, version, values);
        await audit(tx, actor, {
          objectType: 'staff',
          objectId: before.id,
          action: 'update',
          before: auditOf(before),
          after: auditOf(after),
        });
        return viewOf(after);
      });
    },
  );

  app.post(
    '/admin/v1/staff/:id/reset-password',
    {
      config: adminOf('staff'),
      schema: {
        ...common,
        summary: "Reset a staff member's password",
        description:
          'A new one-time password, answered here once and sent by SMS; the member’s sessions end at once and they must set their own password at the ' +
          'next login. Not one’s own (409 STAFF_SELF_CHANGE: change it at `POST /api/ops/v1/auth/password`).',
        params: AdminIdParams,
        body: StaffAction,
        response: { 200: StaffWithPassword, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { password, passwordHash } = await newOneTimePassword();
      const after = await db.transaction(async (tx) => {
        const before = await lockMember(tx, actor.merchantId, request.params.id);
        if (before.id === actor.id) throw new AppError('STAFF_SELF_CHANGE', { staffId: before.id });
        const row = await updateVersioned(tx, staff, actor.merchantId, before.id, request.body.version, {
          passwordHash,
          mustChangePassword: true,
        });
        await endSessions(tx, row);
        await audit(tx, actor, {
          objectType: 'staff',
          objectId: before.id,
          action: 'update',
          before: { version: before.version, mustChangePassword: before.mustChangePassword },
          after: { version: row.version, mustChangePassword: true, passwordReset: true },
        });
        return row;
      });
      await announceSessionsEnded(db, actor.merchantId);
      const smsSent = await sendPassword(request, after, password, request.log);
      return { member: viewOf(after), oneTimePassword: password, smsSent };
    },
  );

  for (const [action, isActive] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/admin/v1/staff/:id/${action}`,
      {
        config: adminOf('staff'),
        schema: {
          ...common,
          summary: isActive ? 'Enable a disabled staff member' : 'Disable a staff member',
          description: isActive
            ? 'They may sign in again with their password.'
            : 'Their sessions end at once and they cannot sign in until enabled. Not oneself (409 STAFF_SELF_CHANGE), not the brand’s last active ' +
              'owner (409 STAFF_LAST_OWNER).',
          params: AdminIdParams,
          body: StaffAction,
          response: { 200: AdminStaffMember, ...adminErrors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const after = await db.transaction(async (tx) => {
          const before = await lockForChange(tx, actor, request.params.id, (m) => ({ role: m.role, isActive }));
          const row = await updateVersioned(tx, staff, actor.merchantId, before.id, request.body.version, { isActive });
          if (!isActive) await endSessions(tx, row);
          await audit(tx, actor, {
            objectType: 'staff',
            objectId: before.id,
            action: isActive ? 'restore' : 'archive',
            before: auditOf(before),
            after: auditOf(row),
          });
          return row;
        });
        if (!isActive) await announceSessionsEnded(db, actor.merchantId);
        return viewOf(after);
      },
    );
  }
};
