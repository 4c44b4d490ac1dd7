import type { StaffRole } from './staff.ts';

/*
 * The back office (issue 28, decision 017): what each staff role may change of its brand. One rule for the API's
 * guards (`/api/admin/v1`) and the console's menu of areas. Kitchen, operator and courier change nothing here.
 */

/** The areas of the back office, each a group of `/api/admin/v1` resources and a screen of the console. */
export const BACK_OFFICE_AREAS = [
  /** Groups, categories, products, modification groups, availability, stock, bulk prices, import and export. */
  'menu',
  /** A branch's hours, holidays and special days (a manager: only of their branches). */
  'hours',
  /** Branches themselves: address, point, phone, service types, minimum order, accepting orders. */
  'branches',
  /** Delivery zones and their tariffs. */
  'zones',
  /** Halls and tables of a branch (dine-in). */
  'tables',
  /** Promo codes. */
  'promotions',
  /** Banners, stories and the policies' pages. */
  'content',
  /** Staff accounts: invite, reset a password, disable. */
  'staff',
  /** The brand's settings: name, colours, logo, languages, feature flags, contacts. */
  'settings',
  /** The brand's accounts at the payment providers (write-only secrets). */
  'paymentAccounts',
  /** The audit log (read only). */
  'audit',
] as const;
export type BackOfficeArea = (typeof BACK_OFFICE_AREAS)[number];

/** What each role may change; an empty list has no back office (the API answers 403). */
export const AREAS_OF_ROLE: Record<StaffRole, readonly BackOfficeArea[]> = {
  owner: BACK_OFFICE_AREAS,
  admin: ['menu', 'hours', 'branches', 'zones', 'tables', 'promotions', 'content', 'audit'],
  manager: ['menu', 'hours', 'promotions', 'content', 'audit'],
  operator: [],
  kitchen: [],
  courier: [],
  waiter: [],
};

/** The roles that may work in an area: the API guard of its routes. */
export const rolesOfArea = (area: BackOfficeArea): StaffRole[] =>
  (Object.keys(AREAS_OF_ROLE) as StaffRole[]).filter((role) => AREAS_OF_ROLE[role].includes(area));

export const mayChange = (role: StaffRole, area: BackOfficeArea): boolean => AREAS_OF_ROLE[role].includes(area);

/** Whether a role has a back office at all. */
export const hasBackOffice = (role: StaffRole): boolean => AREAS_OF_ROLE[role].length > 0;

/**
 * The branches a staff member works at: null for all of them (the owner always; an admin or a manager with none
 * named), else the named ones. The board's scope, the new-order chime and a manager's hours all read it.
 */
export function branchScopeOf(staff: { role: StaffRole; branchIds: readonly string[] }): readonly string[] | null {
  if (staff.role === 'owner') return null;
  return staff.branchIds.length === 0 && (staff.role === 'admin' || staff.role === 'manager') ? null : staff.branchIds;
}

/** Whether a staff member works at a branch (branchScopeOf). */
export const worksAt = (staff: { role: StaffRole; branchIds: readonly string[] }, branchId: string): boolean => {
  const scope = branchScopeOf(staff);
  return scope === null || scope.includes(branchId);
};

/** What the audit log records a change as. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'archive', 'restore', 'import', 'bulk'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
