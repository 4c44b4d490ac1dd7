import { z } from 'zod';
import { PhoneInput } from './auth.ts';
import { StaffRoleSchema } from './ops.ts';
import { STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from '../staff.ts';

/*
 * The brand's staff accounts in the back office (issue 28, area `staff`: the owner only; docs/back-office.md
 * "Staff"): invite by phone with a role and branches (a one-time password, answered once and sent by SMS), change a
 * member's name, role and branches (versioned), reset their password, disable and enable them. And the staff's own
 * password change (`POST /api/ops/v1/auth/password`), which a one-time password asks for at the first login.
 */

export const StaffName = z.string().trim().max(100);
/** The branches a member works at (the brand's; an admin or a manager with none: all of them; an owner: always all). */
export const StaffBranchIds = z.array(z.uuid()).max(200);

/** A staff member as the owner sees them (never the password's hash). */
export const AdminStaffMember = z.object({
  id: z.uuid(),
  version: z.number().int(),
  phone: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  branchIds: z.array(z.uuid()),
  isActive: z.boolean(),
  /** Still on a one-time password: must set their own at the next login. */
  mustChangePassword: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminStaffMember = z.infer<typeof AdminStaffMember>;
export const AdminStaffList = z.object({ content: z.array(AdminStaffMember) });
export type AdminStaffList = z.infer<typeof AdminStaffList>;

/** `POST /admin/v1/staff`: a new member by phone; their account gets a one-time password. */
export const StaffInvite = z.strictObject({
  phone: PhoneInput,
  name: StaffName.default(''),
  role: StaffRoleSchema,
  branchIds: StaffBranchIds.default([]),
});
export type StaffInvite = z.input<typeof StaffInvite>;

/** `PATCH /admin/v1/staff/{id}`: any of name, role and branches, at the version read. */
export const StaffUpdate = z.strictObject({
  version: z.number().int().min(1),
  name: StaffName.optional(),
  role: StaffRoleSchema.optional(),
  branchIds: StaffBranchIds.optional(),
});
export type StaffUpdate = z.infer<typeof StaffUpdate>;

/** Reset a password, disable, enable: at the version read. */
export const StaffAction = z.strictObject({ version: z.number().int().min(1) });
export type StaffAction = z.infer<typeof StaffAction>;

/** A member with the one-time password just given them: shown once, never again (the server keeps only its hash). */
export const StaffWithPassword = z.object({
  member: AdminStaffMember,
  oneTimePassword: z.string(),
  /** Whether the password also went to the member's phone by SMS (through the brand's SMS gateway). */
  smsSent: z.boolean(),
});
export type StaffWithPassword = z.infer<typeof StaffWithPassword>;

/** `POST /api/ops/v1/auth/password`: the signed-in member's own password, the current one and the new one. */
export const StaffPasswordChange = z.strictObject({
  currentPassword: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH),
  newPassword: z
    .string()
    .max(STAFF_PASSWORD_MAX_LENGTH)
    .refine((p) => [...p].length >= STAFF_PASSWORD_MIN_LENGTH, `At least ${STAFF_PASSWORD_MIN_LENGTH} characters`),
});
export type StaffPasswordChange = z.infer<typeof StaffPasswordChange>;
